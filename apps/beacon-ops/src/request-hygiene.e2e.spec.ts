import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FuzzDocument, fuzzRequestArbitrary, quietestStall, sendFuzzRequest, STALL_BOUND_MS } from '@perp/http/testing';
import { getFreePort, PostgresServer, startTestPostgres } from '@perp/local-infra';
import fc from 'fast-check';
import { connect } from 'node:net';
import { createBeaconOpsApp } from './create-app';
import { loadBeaconOpsSettings } from './settings';
import { anvilKey } from './test/anvil-keys';

const TOKEN = 'request-hygiene-token-0123456789abcdef';
const REQUEST_TIMEOUT_MS = 2000;
const FUZZ_RUNS = 10_000;
/** On a loaded 2-core CI machine 10,000 requests once overran the test's timeout: the fuzz stops at this budget instead, and must still have sent FUZZ_MIN_RUNS. */
const FUZZ_TIME_LIMIT_MS = 75_000;
const FUZZ_MIN_RUNS = 1_000;
const BEACON = '0x' + '5b'.repeat(20);
/** What the service may answer for its chain (DESIGN.md section 5): the RPC here is a closed port, so chain calls fail at once. */
const DOCUMENTED_5XX = new Set([502, 503, 504]);

interface Envelope {
  success: boolean;
  data: unknown;
  message: string;
}

const isFailure = (body: unknown): body is Envelope =>
  typeof body === 'object' &&
  body !== null &&
  (body as Envelope).success === false &&
  (body as Envelope).data === null &&
  typeof (body as Envelope).message === 'string';

/** beacon-ops under hostile input, on real Postgres and real HTTP: never a 500, every failure in the envelope. */
describe('beacon-ops request hygiene', () => {
  let pg: PostgresServer;
  let app: NestFastifyApplication;
  let base: string;
  let port: number;
  const headers = { Authorization: `Bearer ${TOKEN}` };

  beforeAll(async () => {
    pg = await startTestPostgres(['beacon_ops']);
    const deadRpc = `http://127.0.0.1:${await getFreePort()}`;
    const settings = loadBeaconOpsSettings({
      BEACON_OPS_DATABASE_URL: pg.url('beacon_ops'),
      RPC_URL: deadRpc,
      BEACON_OPS_ACCESS_TOKENS: TOKEN,
      WALLET_PRIVATE_KEYS: [1, 2].map(anvilKey).join(','),
      SIGNER_PRIVATE_KEY: anvilKey(9),
      ALLOW_DEV_KEYS: 'true',
      REGISTRY_ADDRESS: '0x' + '01'.repeat(20),
      BEACON_FACTORY_ADDRESS: '0x' + '02'.repeat(20),
      VERIFIABLE_BEACON_FACTORY_ADDRESS: '0x' + '03'.repeat(20),
      MULTICALL3_ADDRESS: '0x' + '04'.repeat(20),
      BATCH_UPDATER_ADDRESS: '0x' + '05'.repeat(20),
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    });
    app = await createBeaconOpsApp(settings, { logger: false });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
  });

  const post = (path: string, body: string) => fetch(base + path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });

  it('answers a 1 MB body of 95k keys with 413 in the envelope at once, without stalling the event loop', async () => {
    const body = `{${Array.from({ length: 95_000 }, (_, i) => `"k${i}":1`).join(',')},"updates":[]}`;
    let res: Response | undefined;
    const stall = await quietestStall(async () => {
      res = await post('/batch_update_beacon', body);
    });
    expect(res?.status).toBe(413);
    expect(await res?.json()).toEqual({ success: false, data: null, message: 'Request body is too large' });
    expect(stall).toBeLessThan(STALL_BOUND_MS);
  });

  it('takes a 100-entry batch of 256-byte proofs (pretty-printed) past the body limit, and keeps other routes at 4 KiB', async () => {
    const entry = { beacon_address: BEACON, proof: '0x' + 'ab'.repeat(256), public_signals: '0x' + 'cd'.repeat(160) };
    const batch = JSON.stringify({ updates: Array.from({ length: 100 }, () => entry) }, null, 4);
    const res = await post('/batch_update_beacon', batch);
    expect(res.status).not.toBe(413);
    expect(DOCUMENTED_5XX.has(res.status) || res.status < 500).toBe(true);
    const big = await post('/register_beacon', JSON.stringify({ beacon_address: BEACON, padding: 'x'.repeat(5000) }));
    expect(big.status).toBe(413);
  });

  it('answers a deeply nested body 400 Malformed JSON, cheaply', async () => {
    let res: Response | undefined;
    const stall = await quietestStall(async () => {
      res = await post('/batch_update_beacon', '{"updates":' + '['.repeat(50_000) + ']'.repeat(50_000) + '}');
    });
    expect(res?.status).toBe(400);
    expect(await res?.json()).toEqual({ success: false, data: null, message: 'Malformed JSON body: Nesting deeper than 32 levels at position 42' });
    expect(stall).toBeLessThan(STALL_BOUND_MS);
  });

  it('cuts off a body sent one byte at a time after HTTP_REQUEST_TIMEOUT_MS, with 408 in the envelope', async () => {
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(
          `POST /register_beacon HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
        );
        timer = setInterval(() => socket.writable && socket.write(' '), 500);
      });
      socket.on('data', (chunk) => (received += chunk.toString()));
      const done = () => {
        clearInterval(timer);
        resolve(received);
      };
      socket.on('close', done);
      socket.on('error', done);
    });
    const ms = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      data: null,
      message: 'Request timeout: the request did not arrive in time',
    });
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
  });

  it('answers NUL bytes and unpaired surrogates in body fields with 422', async () => {
    for (const body of ['{"beacon_address": "0xab\\u0000"}', '{"beacon_address": "\\ud800"}']) {
      const res = await post('/register_beacon', body);
      expect(res.status).toBe(422);
      const envelope = (await res.json()) as Envelope;
      expect(envelope.message).toMatch(/^Invalid request: body\.beacon_address: Input should be a valid string, without NUL characters or unpaired surrogates/);
    }
  });

  it(`fuzzes every documented route (${FUZZ_RUNS} requests, or as many as ${FUZZ_TIME_LIMIT_MS / 1000} s allow): never a 500, only documented 5xx, every failure in the envelope`, async () => {
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as FuzzDocument;
    const requests = fuzzRequestArbitrary(document, { strings: [BEACON, BEACON.toUpperCase().replace('0X', '0x'), '0x' + 'ab'.repeat(256), '1', '100', '42'] });
    const seen = new Set<string>();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const { status, text } = await sendFuzzRequest(base, request, headers);
        seen.add(request.operation);
        runs++;
        const where = `${request.method} ${request.url} -> ${status} ${text.slice(0, 300)}`;
        if (status >= 500 && !DOCUMENTED_5XX.has(status)) throw new Error(`server error: ${where}`);
        // /ready answers its own readiness document (503 here: the chain RPC is down on purpose).
        if (request.operation === 'GET /ready') return;
        if (status >= 400 && !isFailure(JSON.parse(text))) throw new Error(`failure outside the envelope: ${where}`);
      }),
      { numRuns: FUZZ_RUNS, interruptAfterTimeLimit: FUZZ_TIME_LIMIT_MS },
    );
    expect(runs).toBeGreaterThanOrEqual(FUZZ_MIN_RUNS);
    expect(seen.size).toBe(Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0));
  }, 110_000);
});
