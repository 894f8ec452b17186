import { Controller, Get, Module, UseGuards } from '@nestjs/common';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { BeaconOpsError, DetailHttpException, frameworkErrorHandler, useHttpConventions } from '@perp/http';
import request from 'supertest';
import { CurrentPrincipal } from './principal';
import { createStaticBearerGuard } from './static-bearer.guard';

const ACCESS_TOKENS = Symbol('ACCESS_TOKENS');
const TOKENS = ['ops-token-retiring-aaaa', 'ops-token-current-bbbb'];

// As beacon-ops would wire it: its own error shape through its own exception.
const EnvelopeGuard = createStaticBearerGuard({
  tokens: ACCESS_TOKENS,
  failure: (why) => new BeaconOpsError(401, `Authentication failed: ${why}`),
});
const DetailGuard = createStaticBearerGuard({
  tokens: ACCESS_TOKENS,
  failure: () => new DetailHttpException(401, 'Not authenticated', { 'WWW-Authenticate': 'Bearer' }),
});

@Controller()
class OpsController {
  @Get('envelope')
  @UseGuards(EnvelopeGuard)
  envelope(@CurrentPrincipal() who: unknown) {
    return who;
  }

  @Get('detail')
  @UseGuards(DetailGuard)
  detail() {
    return { ok: true };
  }
}

@Module({ controllers: [OpsController], providers: [{ provide: ACCESS_TOKENS, useValue: TOKENS }] })
class OpsModule {}

async function start(errors: 'envelope' | 'detail'): Promise<NestFastifyApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [OpsModule] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter({ frameworkErrors: frameworkErrorHandler(errors) }), {
    logger: false,
  });
  useHttpConventions(app, { errors });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

describe('createStaticBearerGuard', () => {
  let envelopeApp: NestFastifyApplication;
  let detailApp: NestFastifyApplication;

  beforeAll(async () => {
    envelopeApp = await start('envelope');
    detailApp = await start('detail');
  });

  afterAll(async () => {
    await envelopeApp?.close();
    await detailApp?.close();
  });

  it('lets in any token of the rotation list', async () => {
    for (const token of TOKENS) {
      await request(envelopeApp.getHttpServer()).get('/envelope').set('Authorization', `Bearer ${token}`).expect(200, { kind: 'static-bearer' });
      await request(envelopeApp.getHttpServer()).get('/envelope').set('Authorization', `bearer ${token}`).expect(200);
    }
  });

  it("fails in the app's own shape: beacon-ops' envelope", async () => {
    const missing = await request(envelopeApp.getHttpServer()).get('/envelope').expect(401);
    expect(missing.body).toEqual({ success: false, data: null, message: 'Authentication failed: missing bearer token' });
    for (const header of ['Bearer wrong-token', `Bearer ${TOKENS[1]}x`, `Basic ${TOKENS[1]}`, TOKENS[1]]) {
      const res = await request(envelopeApp.getHttpServer()).get('/envelope').set('Authorization', header).expect(401);
      expect(res.body.message).toMatch(/^Authentication failed: (invalid|missing) bearer token$/);
    }
  });

  it("fails in the app's own shape: a FastAPI detail with its header", async () => {
    const res = await request(detailApp.getHttpServer()).get('/detail').set('Authorization', 'Bearer nope').expect(401);
    expect(res.body).toEqual({ detail: 'Not authenticated' });
    expect(res.headers['www-authenticate']).toBe('Bearer');
    await request(detailApp.getHttpServer()).get('/detail').set('Authorization', `Bearer ${TOKENS[0]}`).expect(200);
  });
});
