import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from '../generated/market-data-api';
import { MarketDataApiError } from './market-data-api-error';

/** The document's named schemas: `Schemas['MarketDto']`, `Schemas['LiquidationCandidateDto']`... */
export type Schemas = components['schemas'];
export type OperationId = keyof operations;

/** The JSON of an operation's 200 (void for a 204). */
export type OkBody<O extends OperationId> = operations[O]['responses'] extends { 200: { content: { 'application/json': infer T } } } ? T : void;
/** The query parameters of an operation. */
export type QueryOf<O extends OperationId> = NonNullable<operations[O]['parameters']['query']>;
/** The JSON body of an operation. */
export type BodyOf<O extends OperationId> = operations[O] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

export interface MarketDataClientOptions {
  /** e.g. `http://127.0.0.1:3000` (no trailing path). */
  baseUrl: string;
  /** Sent as X-API-Key: the market, position and /v1 routes (an admin key for /admin/keys). */
  apiKey?: string;
  /** A developer's JWT, sent as a bearer token: the /auth/keys routes. */
  bearerToken?: string;
  /** Another fetch (tests, proxies, a timeout wrapper); default globalThis.fetch. */
  fetch?: (input: Request) => Promise<Response>;
  /** Extra headers on every request (e.g. X-Request-Id). */
  headers?: Record<string, string>;
}

type Settled = Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** The 2xx body, or a MarketDataApiError with the status, code and request id of the failure. */
async function settle<T>(pending: Settled): Promise<T> {
  const { data, error, response } = await pending;
  if (!response.ok) throw MarketDataApiError.from(response, error);
  return data as T;
}

/**
 * A typed market-data client: one method per operation (named as its operationId), each
 * resolving to the success body and throwing `MarketDataApiError` otherwise. `raw` is the
 * openapi-fetch client underneath, for what the methods do not cover (If-None-Match...).
 */
export function createMarketDataClient(options: MarketDataClientOptions) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey) headers['X-API-Key'] = options.apiKey;
  if (options.bearerToken) headers['Authorization'] = `Bearer ${options.bearerToken}`;
  const raw: Client<paths> = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const market = (perp_address: string) => ({ params: { path: { perp_address } } });
  const v1Market = (market_id: string) => ({ path: { market_id } });

  return {
    raw,
    // service
    getServiceInfo: () => settle<OkBody<'getServiceInfo'>>(raw.GET('/')),
    getHealth: () => settle<OkBody<'getHealth'>>(raw.GET('/health')),
    /** 503 with the report is an error here; read `raw.GET('/ready')` to see each store's state on 503. */
    getReadiness: () => settle<OkBody<'getReadiness'>>(raw.GET('/ready')),
    // markets
    listMarkets: (query: QueryOf<'listMarkets'> = {}) => settle<OkBody<'listMarkets'>>(raw.GET('/markets', { params: { query } })),
    getMarket: (perpAddress: string) => settle<OkBody<'getMarket'>>(raw.GET('/markets/{perp_address}', market(perpAddress))),
    getLiveMarket: (perpAddress: string) => settle<OkBody<'getLiveMarket'>>(raw.GET('/markets/{perp_address}/live', market(perpAddress))),
    getMarketStats: (perpAddress: string) => settle<OkBody<'getMarketStats'>>(raw.GET('/markets/{perp_address}/stats', market(perpAddress))),
    listMarketSnapshots: (perpAddress: string, query: QueryOf<'listMarketSnapshots'> = {}) =>
      settle<OkBody<'listMarketSnapshots'>>(raw.GET('/markets/{perp_address}/snapshots', { params: { path: { perp_address: perpAddress }, query } })),
    getIndexStatus: () => settle<OkBody<'getIndexStatus'>>(raw.GET('/index/status')),
    listMarketCandles: (perpAddress: string, query: QueryOf<'listMarketCandles'>) =>
      settle<OkBody<'listMarketCandles'>>(raw.GET('/markets/{perp_address}/candles', { params: { path: { perp_address: perpAddress }, query } })),
    listMarketFunding: (perpAddress: string, query: QueryOf<'listMarketFunding'> = {}) =>
      settle<OkBody<'listMarketFunding'>>(raw.GET('/markets/{perp_address}/funding', { params: { path: { perp_address: perpAddress }, query } })),
    listMarketOpenInterest: (perpAddress: string, query: QueryOf<'listMarketOpenInterest'> = {}) =>
      settle<OkBody<'listMarketOpenInterest'>>(raw.GET('/markets/{perp_address}/open-interest', { params: { path: { perp_address: perpAddress }, query } })),
    listMarketTrades: (perpAddress: string, query: QueryOf<'listMarketTrades'> = {}) =>
      settle<OkBody<'listMarketTrades'>>(raw.GET('/markets/{perp_address}/trades', { params: { path: { perp_address: perpAddress }, query } })),
    getMarketHistory: (ticker: string, query: QueryOf<'getMarketHistory'> = {}) =>
      settle<OkBody<'getMarketHistory'>>(raw.GET('/markets/{ticker}/history', { params: { path: { ticker }, query } })),
    // positions
    listPositions: (query: QueryOf<'listPositions'> = {}) => settle<OkBody<'listPositions'>>(raw.GET('/positions', { params: { query } })),
    getLiquidatablePositions: (query: QueryOf<'getLiquidatablePositions'> = {}) =>
      settle<OkBody<'getLiquidatablePositions'>>(raw.GET('/positions/liquidatable', { params: { query } })),
    /** Position ids are local to each market: pass `perp_address` unless only one market holds the id (else 422). */
    getPosition: (positionId: number, query: QueryOf<'getPosition'> = {}) =>
      settle<OkBody<'getPosition'>>(raw.GET('/positions/{position_id}', { params: { path: { position_id: positionId }, query } })),
    // fills by wallet
    /** The holder's closes (liquidations flagged by was_liquidated), newest first; holder is required. */
    listFills: (query: QueryOf<'listFills'>) => settle<OkBody<'listFills'>>(raw.GET('/trades', { params: { query } })),
    // legacy /v1 (frozen shapes)
    v1ListMarkets: (query: QueryOf<'v1ListMarkets'> = {}) => settle<OkBody<'v1ListMarkets'>>(raw.GET('/v1/markets', { params: { query } })),
    v1GetMarket: (marketId: string) => settle<OkBody<'v1GetMarket'>>(raw.GET('/v1/markets/{market_id}', { params: v1Market(marketId) })),
    v1GetLiveMarket: (marketId: string) => settle<OkBody<'v1GetLiveMarket'>>(raw.GET('/v1/markets/{market_id}/live', { params: v1Market(marketId) })),
    v1GetMarketStats: (marketId: string) => settle<OkBody<'v1GetMarketStats'>>(raw.GET('/v1/markets/{market_id}/stats', { params: v1Market(marketId) })),
    v1ListMarketOpenInterest: (marketId: string, query: QueryOf<'v1ListMarketOpenInterest'> = {}) =>
      settle<OkBody<'v1ListMarketOpenInterest'>>(raw.GET('/v1/markets/{market_id}/oi', { params: { ...v1Market(marketId), query } })),
    v1ListMarketSnapshots: (marketId: string, query: QueryOf<'v1ListMarketSnapshots'> = {}) =>
      settle<OkBody<'v1ListMarketSnapshots'>>(raw.GET('/v1/markets/{market_id}/snapshots', { params: { ...v1Market(marketId), query } })),
    v1ListMarketTrades: (marketId: string, query: QueryOf<'v1ListMarketTrades'> = {}) =>
      settle<OkBody<'v1ListMarketTrades'>>(raw.GET('/v1/markets/{market_id}/trades', { params: { ...v1Market(marketId), query } })),
    v1ListPositions: (query: QueryOf<'v1ListPositions'> = {}) => settle<OkBody<'v1ListPositions'>>(raw.GET('/v1/positions', { params: { query } })),
    v1GetLiquidatablePositions: (query: QueryOf<'v1GetLiquidatablePositions'> = {}) =>
      settle<OkBody<'v1GetLiquidatablePositions'>>(raw.GET('/v1/positions/liquidatable', { params: { query } })),
    v1GetPosition: (positionId: number, query: QueryOf<'v1GetPosition'> = {}) =>
      settle<OkBody<'v1GetPosition'>>(raw.GET('/v1/positions/{position_id}', { params: { path: { position_id: positionId }, query } })),
    v1CreateAdminKey: (body: BodyOf<'v1CreateAdminKey'>) => settle<OkBody<'v1CreateAdminKey'>>(raw.POST('/v1/admin/keys', { body })),
    // keys: admin (X-API-Key of an admin key)
    adminListKeys: () => settle<OkBody<'adminListKeys'>>(raw.GET('/admin/keys')),
    adminCreateKey: (body: BodyOf<'adminCreateKey'>) => settle<OkBody<'adminCreateKey'>>(raw.POST('/admin/keys', { body })),
    adminRevokeKey: (keyId: number) => settle<void>(raw.DELETE('/admin/keys/{key_id}', { params: { path: { key_id: keyId } } })),
    // keys: a developer's own (bearer token)
    listDeveloperKeys: () => settle<OkBody<'listDeveloperKeys'>>(raw.GET('/auth/keys')),
    createDeveloperKey: (body: BodyOf<'createDeveloperKey'>) => settle<OkBody<'createDeveloperKey'>>(raw.POST('/auth/keys', { body })),
    revokeDeveloperKey: (keyId: number) => settle<void>(raw.DELETE('/auth/keys/{key_id}', { params: { path: { key_id: keyId } } })),
  };
}

export type MarketDataClient = ReturnType<typeof createMarketDataClient>;
