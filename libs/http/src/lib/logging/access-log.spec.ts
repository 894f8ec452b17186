import { Controller, Get, HttpCode, Param } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../test-app.spec-helper';
import { useHttpConventions } from '../http-conventions';
import { installAccessLog, UNMATCHED_ROUTE } from './access-log';
import { NestPinoLogger } from './nest-pino-logger';
import { createServiceLogger } from './service-logger';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const API_KEY = 'mdk_secret_never_logged_0123456789abcdefghij';
const BEARER = 'bearer-secret-never-logged-0123456789abcdef';
const RPC_URL = 'https://user:rpc-password-never-logged@rpc.example.com/v2';

@Controller()
class LoggedController {
  @Get('markets/:id')
  market(@Param('id') id: string) {
    return { id };
  }

  @Get('boom')
  boom() {
    throw new Error(`cannot reach ${RPC_URL}`);
  }

  @Get('empty')
  @HttpCode(204)
  empty() {
    return undefined;
  }
}

type Line = Record<string, unknown>;

describe('access log and JSON logs', () => {
  let app: NestFastifyApplication;
  const written: string[] = [];
  const lines = (): Line[] => written.map((text) => JSON.parse(text) as Line);
  const accessLines = () => lines().filter((line) => line['msg'] === 'request');

  beforeAll(async () => {
    const logger = createServiceLogger({ name: 'test-service', level: 'info', destination: { write: (text: string) => void written.push(text) } });
    app = await createTestApp([LoggedController], {
      errors: 'detail',
      configure: (nest) => {
        useHttpConventions(nest, { errors: 'detail', logger: new NestPinoLogger(logger) });
        installAccessLog(nest.getHttpAdapter().getInstance(), logger, { caller: (req) => (req.headers['x-api-key'] ? 'key:7' : undefined) });
      },
    });
  });
  afterAll(() => app.close());
  beforeEach(() => (written.length = 0));

  it('writes one JSON line per request, with the route pattern, status, duration, request id and caller', async () => {
    await request(app.getHttpServer()).get('/markets/0xabc?limit=5').set('X-Request-Id', 'trace-1').set('X-API-Key', API_KEY).expect(200);
    await request(app.getHttpServer()).get('/empty').set('X-Request-Id', 'trace-2').expect(204);
    expect(written.every((text) => !text.slice(0, -1).includes('\n') && text.endsWith('\n'))).toBe(true);
    const [first, second] = accessLines();
    expect(accessLines()).toHaveLength(2);
    expect(first).toMatchObject({ level: 'info', name: 'test-service', reqId: 'trace-1', method: 'GET', route: '/markets/:id', status: 200, caller: 'key:7' });
    expect(typeof first['ms']).toBe('number');
    expect(typeof first['time']).toBe('string');
    expect(second).toMatchObject({ reqId: 'trace-2', route: '/empty', status: 204 });
    expect(second['caller']).toBeUndefined();
  });

  it("writes its lines in the logger's own JSON: the same identity fields, in the same order, and valid JSON whatever the caller text", async () => {
    const ownLines: string[] = [];
    const logger = createServiceLogger({ name: 'same-shape', level: 'info', destination: { write: (text: string) => void ownLines.push(text) } });
    const shaped = await createTestApp([LoggedController], {
      errors: 'detail',
      configure: (nest) => {
        useHttpConventions(nest, { errors: 'detail', logger: new NestPinoLogger(logger) });
        installAccessLog(nest.getHttpAdapter().getInstance(), logger, { caller: () => 'key "7" \\ \u2028' });
      },
    });
    try {
      logger.info({ x: 1 }, 'own');
      await request(shaped.getHttpServer()).get('/markets/1').set('X-Request-Id', 'trace-shape').expect(200);
      const [own, access] = ownLines.map((text) => JSON.parse(text) as Line);
      expect(Object.keys(access).slice(0, 5)).toEqual(Object.keys(own).slice(0, 5));
      for (const field of ['level', 'pid', 'hostname', 'name']) expect(access[field]).toEqual(own[field]);
      expect(new Date(access['time'] as string).toISOString()).toBe(access['time']);
      expect(access).toMatchObject({ reqId: 'trace-shape', route: '/markets/:id', status: 200, caller: 'key "7" \\ \u2028', msg: 'request' });
    } finally {
      await shaped.close();
    }
  });

  it('collapses every unmatched path into one route label', async () => {
    await request(app.getHttpServer()).get('/no/such/path/0x123').expect(404);
    await request(app.getHttpServer()).get('/another').expect(404);
    expect(accessLines().map((line) => line['route'])).toEqual([UNMATCHED_ROUTE, UNMATCHED_ROUTE]);
  });

  it('echoes a safe caller id, replaces an unsafe or oversized one, and puts it on every line of the request', async () => {
    const generated = await request(app.getHttpServer()).get('/markets/1').set('X-Request-Id', 'bad id with spaces<script>').expect(200);
    expect(generated.headers['x-request-id']).toMatch(UUID);
    expect(accessLines()[0]['reqId']).toBe(generated.headers['x-request-id']);
    const long = await request(app.getHttpServer()).get('/markets/1').set('X-Request-Id', 'a'.repeat(129)).expect(200);
    expect(long.headers['x-request-id']).toMatch(UUID);

    written.length = 0;
    const failed = await request(app.getHttpServer()).get('/boom').set('X-Request-Id', 'trace-500').expect(500);
    expect(failed.headers['x-request-id']).toBe('trace-500');
    const all = lines();
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.every((line) => line['reqId'] === 'trace-500')).toBe(true);
    const error = all.find((line) => line['level'] === 'error');
    expect(error?.['stack']).toEqual(expect.stringContaining('at '));
  });

  it('never writes a secret: API keys, bearer tokens, cookies, URL credentials', async () => {
    await request(app.getHttpServer())
      .get('/markets/1')
      .set('X-API-Key', API_KEY)
      .set('Authorization', `Bearer ${BEARER}`)
      .set('Cookie', 'session=cookie-secret');
    await request(app.getHttpServer()).get('/boom').set('Authorization', `Bearer ${BEARER}`);
    const text = written.join('');
    expect(text).toContain('rpc.example.com');
    for (const secret of [API_KEY, BEARER, 'cookie-secret', 'rpc-password-never-logged']) expect(text).not.toContain(secret);
  });

  it('redacts credentials by path when an object carrying them is logged', () => {
    const logger = createServiceLogger({ name: 'redaction', level: 'info', destination: { write: (text: string) => void written.push(text) } });
    logger.info(
      { req: { headers: { authorization: `Bearer ${BEARER}`, 'x-api-key': API_KEY, cookie: 'c=1' } }, settings: { rpcUrl: RPC_URL, signerPrivateKey: '0x11' } },
      'x',
    );
    new NestPinoLogger(logger).warn({ headers: { 'x-api-key': API_KEY } });
    const text = written.join('');
    for (const secret of [BEARER, API_KEY, 'rpc-password-never-logged', '0x11']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});
