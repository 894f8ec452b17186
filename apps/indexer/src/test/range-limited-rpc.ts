import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RpcRequest {
  id: unknown;
  method: string;
  params?: unknown[];
}

/**
 * A JSON-RPC endpoint in front of anvil that refuses eth_getLogs over more than `maxBlocks`
 * blocks, worded as geth and Infura word it, as hosted providers do (anvil itself has no limit).
 * Every other call, and batches, go through.
 */
export class RangeLimitedRpc {
  refused = 0;
  largestServed = 0;
  private server?: Server;

  constructor(
    private readonly upstream: string,
    private readonly maxBlocks: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const parsed = JSON.parse(body) as RpcRequest | RpcRequest[];
        const calls = Array.isArray(parsed) ? parsed : [parsed];
        Promise.all(calls.map((call) => this.answer(call))).then((answers) =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0])),
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async answer(call: RpcRequest): Promise<unknown> {
    if (call.method === 'eth_getLogs') {
      const filter = (call.params?.[0] ?? {}) as { fromBlock: string; toBlock: string };
      const blocks = Number(BigInt(filter.toBlock)) - Number(BigInt(filter.fromBlock)) + 1;
      if (blocks > this.maxBlocks) {
        this.refused += 1;
        return { jsonrpc: '2.0', id: call.id, error: { code: -32005, message: 'query returned more than 10000 results' } };
      }
      this.largestServed = Math.max(this.largestServed, blocks);
    }
    const upstream = await fetch(this.upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) });
    return upstream.json();
  }
}
