import { Agent, request } from 'node:http';

export interface JsonResponse {
  status: number;
  body: { success: boolean; data: unknown; message: string };
}

/**
 * POSTs JSON over node:http with a keep-alive agent. The benchmark's client shares the machine
 * with what it measures, and fetch (undici) costs about twice the CPU per request of
 * node:http (1.5 against 0.7 ms per update here): that was the client's cost, not the
 * service's.
 */
export class JsonClient {
  private readonly agent = new Agent({ keepAlive: true });

  constructor(
    private readonly base: string,
    private readonly headers: Record<string, string>,
  ) {}

  post(path: string, body: unknown): Promise<JsonResponse> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        `${this.base}${path}`,
        { method: 'POST', agent: this.agent, headers: { ...this.headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonResponse['body'] });
            } catch (error) {
              reject(error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
