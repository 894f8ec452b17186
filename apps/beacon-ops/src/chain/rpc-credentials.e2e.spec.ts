import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AnvilNode, PostgresServer, startAnvil, startTestPostgres } from '@perp/local-infra';
import { devServiceEnv, rpcEndpoint } from '@perp/service';
import request from 'supertest';
import { createBeaconOpsApp } from '../create-app';
import { loadBeaconOpsSettings } from '../settings';

// Configured only: /ready checks that they are set, and these tests send nothing to them.
const CONTRACTS = Object.fromEntries(
  ['REGISTRY_ADDRESS', 'BEACON_FACTORY_ADDRESS', 'VERIFIABLE_BEACON_FACTORY_ADDRESS', 'MULTICALL3_ADDRESS', 'BATCH_UPDATER_ADDRESS'].map((name, i) => [
    name,
    `0x${String(i + 1).repeat(40)}`,
  ]),
);
const USER = 'rpc-user';
const PASSWORD = 'p@ss:word/secret';

/** An RPC provider that wants HTTP Basic credentials (loopback only): 401 without them, else anvil's answer. */
class BasicAuthRpc {
  readonly seen: (string | undefined)[] = [];
  private server?: Server;

  constructor(private readonly upstream: string) {}

  async start(): Promise<string> {
    const expected = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
    this.server = createServer((req: IncomingMessage, res) => {
      this.seen.push(req.headers.authorization);
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'www-authenticate': 'Basic' }).end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        fetch(this.upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
          .then(async (answer) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
          .catch(() => res.writeHead(502).end());
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe('an RPC_URL with user:password@', () => {
  let pg: PostgresServer;
  let anvil: AnvilNode;
  let rpc: BasicAuthRpc;
  let host: string;
  const apps: NestFastifyApplication[] = [];

  async function start(rpcUrl: string): Promise<NestFastifyApplication> {
    const app = await createBeaconOpsApp(
      loadBeaconOpsSettings(devServiceEnv({ BEACON_OPS_DATABASE_URL: pg.url('beacon_ops'), RPC_URL: rpcUrl, ...CONTRACTS })),
      {
        logger: false,
      },
    );
    apps.push(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    return app;
  }

  beforeAll(async () => {
    [pg, anvil] = await Promise.all([startTestPostgres(['beacon_ops']), startAnvil({ chainId: 31337 })]);
    rpc = new BasicAuthRpc(anvil.url);
    host = await rpc.start();
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await rpc?.stop();
    await Promise.all([pg?.stop(), anvil?.stop()]);
  });

  it('sends the credentials as an Authorization: Basic header, on every call, and never in the URL', () => {
    expect(rpcEndpoint(`http://${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}@${host}/v1`)).toEqual({
      url: `http://${host}/v1`,
      headers: { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` },
    });
    expect(rpcEndpoint('http://127.0.0.1:8545')).toEqual({ url: 'http://127.0.0.1:8545', headers: {} });
  });

  it('reaches a provider that checks them: /ready up, and the chain reads of GET / go through', async () => {
    const app = await start(`http://${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}@${host}/`);
    rpc.seen.length = 0;
    await request(app.getHttpServer()).get('/ready').expect(200);
    const info = await request(app.getHttpServer()).get('/').expect(200);
    expect(info.body.data).toMatchObject({ chain_id: '31337' });
    expect(info.body.data.wallets[0].balance_wei).toBe((10n ** 22n).toString());
    expect(rpc.seen.length).toBeGreaterThan(2);
    expect(new Set(rpc.seen)).toEqual(new Set([`Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`]));
  });

  it('with a wrong password the chain is down on /ready, and the answer names no credential', async () => {
    const app = await start(`http://${USER}:wrong-password@${host}/`);
    const res = await request(app.getHttpServer()).get('/ready').expect(503);
    expect(res.body.checks.chain_rpc.status).toBe('down');
    expect(res.text).not.toContain('wrong-password');
  });
});
