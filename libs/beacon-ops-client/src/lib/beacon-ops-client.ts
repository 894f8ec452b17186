import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from '../generated/beacon-ops-api';
import { BeaconOpsApiError } from './beacon-ops-api-error';

/** The document's named schemas: `Schemas['BatchUpdateResultDto']`... */
export type Schemas = components['schemas'];
export type OperationId = keyof operations;

/** The envelope's `data` on success (null on some successes, e.g. a beacon already registered). */
export type DataOf<O extends OperationId> = operations[O]['responses'] extends { 200: { content: { 'application/json': { data: infer T } } } } ? T : never;
/** The JSON body of an operation. */
export type BodyOf<O extends OperationId> = operations[O] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

export interface BeaconOpsClientOptions {
  /** e.g. `http://127.0.0.1:3100` (no trailing path). */
  baseUrl: string;
  /** A token of BEACON_OPS_ACCESS_TOKENS, sent as `Authorization: Bearer`. */
  accessToken?: string;
  /** Another fetch (tests, proxies, a timeout wrapper); default globalThis.fetch. */
  fetch?: (input: Request) => Promise<Response>;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

/** Per call: an Idempotency-Key makes a retry return the first answer without a second transaction. */
export interface CallOptions {
  idempotencyKey?: string;
}

/** Per update call: besides the key, `requireConfirmation` asks for a 504 (`receipt_timeout`) instead of `confirmed: false`. */
export interface UpdateCallOptions extends CallOptions {
  requireConfirmation?: boolean;
}

/**
 * What the update operations resolve to: the envelope's `data`, its `confirmed` and its message.
 * `confirmed: false`: the transaction (its hash in `data`) was sent and journaled, its receipt had
 * not come within the service's wait; retry with the same Idempotency-Key for its outcome, never
 * without one.
 */
export interface UpdateAnswer<T> {
  data: T;
  confirmed: boolean;
  message: string;
}

type Settled = Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** The envelope's data on success; a BeaconOpsApiError for `success: false` (or no envelope). */
async function unwrap<T>(pending: Settled): Promise<T> {
  const { data, error, response } = await pending;
  const envelope = (data ?? error) as { success?: unknown; data?: unknown } | undefined;
  if (!response.ok || envelope?.success !== true) throw BeaconOpsApiError.from(response, envelope);
  return envelope.data as T;
}

const withKey = (options: CallOptions = {}) => (options.idempotencyKey ? { header: { 'Idempotency-Key': options.idempotencyKey } } : {});
const forUpdate = (options: UpdateCallOptions = {}) => ({
  ...withKey(options),
  ...(options.requireConfirmation ? { query: { require_confirmation: true } } : {}),
});

/** An update's envelope on success (a BeaconOpsApiError otherwise). */
async function unwrapUpdate<T>(pending: Settled): Promise<UpdateAnswer<T>> {
  const { data, error, response } = await pending;
  const envelope = (data ?? error) as { success?: unknown; data?: unknown; confirmed?: unknown; message?: unknown } | undefined;
  if (!response.ok || envelope?.success !== true) throw BeaconOpsApiError.from(response, envelope);
  return { data: envelope.data as T, confirmed: envelope.confirmed === true, message: String(envelope.message ?? '') };
}

/**
 * A typed beacon-ops client: one method per operation, each resolving to the envelope's
 * `data` (the three update operations: `{ data, confirmed, message }`) and throwing
 * `BeaconOpsApiError` on `success: false`. `raw` is the openapi-fetch
 * client underneath (e.g. to read the envelope's message of a success).
 */
export function createBeaconOpsClient(options: BeaconOpsClientOptions) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.accessToken) headers['Authorization'] = `Bearer ${options.accessToken}`;
  const raw: Client<paths> = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), headers, ...(options.fetch ? { fetch: options.fetch } : {}) });

  return {
    raw,
    /** GET /: every route with its status, and the service's chain, contracts and wallets (no token). */
    getServiceInfo: () => unwrap<DataOf<'routes_info_index'>>(raw.GET('/')),
    /** GET /health and /ready answer no envelope: their body as is. */
    getHealth: async () => (await raw.GET('/health')).data,
    getReadiness: async () => (await raw.GET('/ready')).data,
    createBeacon: (body: BodyOf<'routes_beacon_create_beacon'>, call?: CallOptions) =>
      unwrap<DataOf<'routes_beacon_create_beacon'>>(raw.POST('/create_beacon', { body, params: withKey(call) })),
    createRegistryBeacon: (call?: CallOptions) =>
      unwrap<DataOf<'routes_beacon_create_registry_beacon'>>(raw.POST('/create_registry_beacon', { params: withKey(call) })),
    batchCreateRegistryBeacon: (body: BodyOf<'routes_beacon_batch_create_registry_beacon'>, call?: CallOptions) =>
      unwrap<DataOf<'routes_beacon_batch_create_registry_beacon'>>(raw.POST('/batch_create_registry_beacon', { body, params: withKey(call) })),
    createVerifiableBeacon: (body: BodyOf<'routes_beacon_create_verifiable_beacon'>, call?: CallOptions) =>
      unwrap<DataOf<'routes_beacon_create_verifiable_beacon'>>(raw.POST('/create_verifiable_beacon', { body, params: withKey(call) })),
    /** A group ECDSA beacon of `size` values, signed by the service signer and registered: `Beacon address: <address>, tx: <hash>`. */
    createGroupEcdsaBeacon: (body: BodyOf<'routes_beacon_create_group_ecdsa_beacon'>, call?: CallOptions) =>
      unwrap<DataOf<'routes_beacon_create_group_ecdsa_beacon'>>(raw.POST('/create_group_ecdsa_beacon', { body, params: withKey(call) })),
    /** data null: the beacon was already registered (message `Beacon already registered`). */
    registerBeacon: (body: BodyOf<'routes_beacon_register_beacon'>, call?: CallOptions) =>
      unwrap<DataOf<'routes_beacon_register_beacon'>>(raw.POST('/register_beacon', { body, params: withKey(call) })),
    /** data null: the registry did not hold the beacon (message `Beacon not registered`). Without registry_address: the service's REGISTRY_ADDRESS. */
    unregisterBeacon: (body: BodyOf<'routes_beacon_unregister_beacon'>, call?: CallOptions) =>
      unwrap<DataOf<'routes_beacon_unregister_beacon'>>(raw.POST('/unregister_beacon', { body, params: withKey(call) })),
    /** A beacon's publish gating: the values in force and the fields it overrides. */
    getBeaconGating: (body: BodyOf<'routes_beacon_get_beacon_gating'>, call?: CallOptions) =>
      unwrap<DataOf<'routes_beacon_get_beacon_gating'>>(raw.POST('/get_beacon_gating', { body, params: withKey(call) })),
    /** Each field: absent, unchanged; null, back to the service's setting; a value, this beacon's override. */
    setBeaconGating: (body: BodyOf<'routes_beacon_set_beacon_gating'>, call?: CallOptions) =>
      unwrap<DataOf<'routes_beacon_set_beacon_gating'>>(raw.POST('/set_beacon_gating', { body, params: withKey(call) })),
    updateBeacon: (body: BodyOf<'routes_beacon_update_beacon'>, call?: UpdateCallOptions) =>
      unwrapUpdate<DataOf<'routes_beacon_update_beacon'>>(raw.POST('/update_beacon', { body, params: forUpdate(call) })),
    /** `measurement`: one decimal string for a single-value beacon, an array of exactly its size for a group beacon. */
    updateBeaconWithEcdsaAdapter: (body: BodyOf<'routes_beacon_update_beacon_with_ecdsa_adapter'>, call?: UpdateCallOptions) =>
      unwrapUpdate<DataOf<'routes_beacon_update_beacon_with_ecdsa_adapter'>>(raw.POST('/update_beacon_with_ecdsa_adapter', { body, params: forUpdate(call) })),
    /** confirmed false: every entry carries the batch's hash and success false until the retry with the same key answers. */
    batchUpdateBeacon: (body: BodyOf<'routes_beacon_batch_update_beacon'>, call?: UpdateCallOptions) =>
      unwrapUpdate<DataOf<'routes_beacon_batch_update_beacon'>>(raw.POST('/batch_update_beacon', { body, params: forUpdate(call) })),
    /** @deprecated the old name of createRegistryBeacon, kept for the-beaconator's clients. */
    createPerpcityBeacon: (call?: CallOptions) =>
      unwrap<DataOf<'routes_beacon_create_perpcity_beacon'>>(raw.POST('/create_perpcity_beacon', { params: withKey(call) })),
    /** @deprecated the old name of batchCreateRegistryBeacon, kept for the-beaconator's clients. */
    batchCreatePerpcityBeacon: (body: BodyOf<'routes_beacon_batch_create_perpcity_beacon'>, call?: CallOptions) =>
      unwrap<DataOf<'routes_beacon_batch_create_perpcity_beacon'>>(raw.POST('/batch_create_perpcity_beacon', { body, params: withKey(call) })),
  };
}

export type BeaconOpsClient = ReturnType<typeof createBeaconOpsClient>;
