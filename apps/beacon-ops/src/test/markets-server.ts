import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * market-data's `GET /markets` as beacon-ops reads it (the page shape of apps/market-data,
 * `beacon` filter, limit/offset, X-API-Key), from a table the test sets: the touch tests need a
 * market-data they can take down and bring back, and perps it names on their own chain.
 */
export interface MarketsServer {
  url: string;
  apiKey: string;
  /** beacon (lowercase) -> perps */
  perps: Map<string, string[]>;
  /** beacon (lowercase) -> fields every market of it carries besides its addresses (open interest, capacity...) */
  fields: Map<string, Record<string, string>>;
  /** `down`: every request answers 503; `hang`: none is answered. */
  mode: 'up' | 'down' | 'hang';
  /** Requests seen (query strings), with the key each carried. */
  requests: { query: string; apiKey: string | undefined }[];
  close(): Promise<void>;
}

export async function startMarketsServer(apiKey = 'mdk_beacon-ops-touch-test-key-0123456789abcdef'): Promise<MarketsServer> {
  const state = {
    mode: 'up' as MarketsServer['mode'],
    perps: new Map<string, string[]>(),
    fields: new Map<string, Record<string, string>>(),
    requests: [] as MarketsServer['requests'],
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = req.headers['x-api-key'];
    state.requests.push({ query: url.search, apiKey: typeof key === 'string' ? key : undefined });
    if (state.mode === 'hang') return;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (state.mode === 'down') return send(503, { detail: 'Index store unavailable' });
    if (key !== apiKey) return send(401, { detail: 'Invalid API key' });
    if (url.pathname !== '/markets') return send(404, { detail: 'Not Found' });
    const beacon = url.searchParams.get('beacon')?.toLowerCase() ?? '';
    const limit = Number(url.searchParams.get('limit') ?? '100');
    const offset = Number(url.searchParams.get('offset') ?? '0');
    const all = state.perps.get(beacon) ?? [];
    const items = all.slice(offset, offset + limit).map((perp_address) => ({ perp_address, beacon_address: beacon, ...state.fields.get(beacon) }));
    send(200, { items, total: all.length, limit, offset, has_more: offset + items.length < all.length });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    get perps() {
      return state.perps;
    },
    get fields() {
      return state.fields;
    },
    get mode() {
      return state.mode;
    },
    set mode(mode) {
      state.mode = mode;
    },
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
