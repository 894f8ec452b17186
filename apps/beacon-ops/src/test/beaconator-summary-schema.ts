/**
 * GET / as the-beaconator's generated clients read it (its `clients/` at commit 2b04866f: the
 * openapi-typescript `api.ts` and the openapi-python-client models), written in our own code from
 * their published shape: `ApiResponse_for_ApiSummary`, `ApiSummary`, `EndpointInfo`,
 * `EndpointStatus`. The types are what the TypeScript client types the answer as; the parser
 * fails where the Python client's `from_dict` would (a required key missing, a status outside
 * the enum), so a test that parses an answer proves both clients read it.
 */
export const BEACONATOR_ENDPOINT_STATUSES = ['Working', 'NotImplemented', 'Deprecated'] as const;
export type BeaconatorEndpointStatus = (typeof BEACONATOR_ENDPOINT_STATUSES)[number];

export interface BeaconatorEndpointInfo {
  method: string;
  path: string;
  description: string;
  requires_auth: boolean;
  status: BeaconatorEndpointStatus;
}

export interface BeaconatorApiSummary {
  total_endpoints: number;
  working_endpoints: number;
  not_implemented: number;
  deprecated: number;
  endpoints: BeaconatorEndpointInfo[];
}

export interface BeaconatorSummaryResponse {
  success: boolean;
  data?: BeaconatorApiSummary | null;
  message: string;
}

/** The `paths['/']` entry of the TypeScript client, for openapi-fetch's `createClient<BeaconatorPaths>()`. */
export interface BeaconatorPaths {
  '/': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: { 200: { headers: { [name: string]: unknown }; content: { 'application/json': BeaconatorSummaryResponse } } };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}

type Json = Record<string, unknown>;

function required<T>(object: Json, key: string, check: (value: unknown) => value is T, where: string): T {
  if (!(key in object)) throw new Error(`${where}: missing required key ${key}`);
  const value = object[key];
  if (!check(value)) throw new Error(`${where}.${key}: unexpected value ${JSON.stringify(value)}`);
  return value;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
// Format: uint
const isUint = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isArray = (v: unknown): v is unknown[] => Array.isArray(v);
const isStatus = (v: unknown): v is BeaconatorEndpointStatus => (BEACONATOR_ENDPOINT_STATUSES as readonly unknown[]).includes(v);

/** `EndpointInfo.from_dict`: every key required, the status one of the enum's values; other keys kept aside. */
function parseEndpoint(value: unknown, where: string): BeaconatorEndpointInfo {
  if (!isObject(value)) throw new Error(`${where}: not an object`);
  return {
    method: required(value, 'method', isString, where),
    path: required(value, 'path', isString, where),
    description: required(value, 'description', isString, where),
    requires_auth: required(value, 'requires_auth', isBoolean, where),
    status: required(value, 'status', isStatus, where),
  };
}

/** `ApiResponse_for_ApiSummary.from_dict`, with `ApiSummary.from_dict` on `data`: additional keys of `data` are allowed (kept aside). */
export function parseBeaconatorSummary(body: unknown): BeaconatorSummaryResponse & { data: BeaconatorApiSummary } {
  if (!isObject(body)) throw new Error('response: not an object');
  const success = required(body, 'success', isBoolean, 'response');
  const message = required(body, 'message', isString, 'response');
  const data = required(body, 'data', isObject, 'response');
  const endpoints = required(data, 'endpoints', isArray, 'data').map((e, i) => parseEndpoint(e, `data.endpoints[${i}]`));
  return {
    success,
    message,
    data: {
      total_endpoints: required(data, 'total_endpoints', isUint, 'data'),
      working_endpoints: required(data, 'working_endpoints', isUint, 'data'),
      not_implemented: required(data, 'not_implemented', isUint, 'data'),
      deprecated: required(data, 'deprecated', isUint, 'data'),
      endpoints,
    },
  };
}
