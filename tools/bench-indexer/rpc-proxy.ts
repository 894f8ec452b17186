import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What one phase of the benchmark asked the node for, as the node saw it. */
export interface RpcTally {
  /** HTTP requests (a JSON-RPC batch is one). */
  httpRequests: number;
  /** JSON-RPC calls: a batch counts each of its entries. */
  calls: number;
  byMethod: Record<string, number>;
  /**
   * Wall milliseconds the node took to answer, summed per kind of request (the methods of a batch
   * joined by '+'): how long the client waited on the node, if it never had two requests open.
   */
  nodeMsByKind: Record<string, number>;
  requestBytes: number;
  responseBytes: number;
  /** Every eth_getLogs filter, in order (kept only when `recordLogFilters`). */
  logFilters: unknown[];
}

export const emptyTally = (): RpcTally => ({
  httpRequests: 0,
  calls: 0,
  byMethod: {},
  nodeMsByKind: {},
  requestBytes: 0,
  responseBytes: 0,
  logFilters: [],
});

interface JsonRpcRequest {
  method?: string;
  params?: unknown[];
}

/**
 * A loopback HTTP relay in front of the node that counts the JSON-RPC calls going through it
 * (batches entry by entry), by phase: what the node sees, whatever the client batches or caches.
 * It runs in the benchmark's process, so its own CPU is the benchmark's, not the indexer's.
 */
export class CountingRpcProxy {
  private readonly server: Server;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private current = 'idle';
  private readonly tallies = new Map<string, RpcTally>();
  /** Phases whose eth_getLogs filters are kept (the ceiling takes the indexer's windows and filter from them). */
  recordLogFilters = new Set<string>();

  private constructor(private readonly target: URL) {
    this.server = createServer((req, res) => this.relay(req, res));
    this.server.keepAliveTimeout = 30_000;
  }

  static async start(targetUrl: string): Promise<CountingRpcProxy> {
    const proxy = new CountingRpcProxy(new URL(targetUrl));
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Calls from now on count towards `name`. */
  phase(name: string): void {
    this.current = name;
  }

  tally(name: string): RpcTally {
    let tally = this.tallies.get(name);
    if (!tally) this.tallies.set(name, (tally = emptyTally()));
    return tally;
  }

  private relay(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tally = this.tally(this.current);
      const record = this.recordLogFilters.has(this.current);
      let kind = 'unparsed';
      try {
        const parsed = JSON.parse(body.toString('utf8')) as JsonRpcRequest | JsonRpcRequest[];
        const calls = Array.isArray(parsed) ? parsed : [parsed];
        const methods = new Set<string>();
        for (const call of calls) {
          const method = call.method ?? '?';
          methods.add(method);
          tally.byMethod[method] = (tally.byMethod[method] ?? 0) + 1;
          if (record && method === 'eth_getLogs') tally.logFilters.push(call.params?.[0]);
        }
        tally.calls += calls.length;
        kind = [...methods].sort().join('+');
      } catch {
        // not JSON: relayed and counted as an HTTP request only
      }
      tally.httpRequests += 1;
      tally.requestBytes += body.length;
      const started = performance.now();
      const upstream = request(
        {
          host: this.target.hostname,
          port: this.target.port,
          path: this.target.pathname,
          method: req.method,
          agent: this.agent,
          headers: { 'content-type': req.headers['content-type'] ?? 'application/json', 'content-length': body.length },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
          answer.on('data', (chunk: Buffer) => {
            tally.responseBytes += chunk.length;
            res.write(chunk);
          });
          answer.on('end', () => {
            tally.nodeMsByKind[kind] = (tally.nodeMsByKind[kind] ?? 0) + performance.now() - started;
            res.end();
          });
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    });
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.agent.destroy();
  }
}
