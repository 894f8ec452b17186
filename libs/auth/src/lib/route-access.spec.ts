import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { DetailHttpException, frameworkErrorHandler, useHttpConventions } from '@perp/http';
import request from 'supertest';
import { authenticateBeforeBody } from './authenticate-before-body';
import { Authenticated } from './authenticated.decorator';
import { createStaticBearerGuard } from './static-bearer.guard';
import { DefaultDenyGuard, listRouteAccess } from './route-access';
import { Public } from './route-guards';

const ACCESS_TOKENS = Symbol('ACCESS_TOKENS');
const TokenGuard = createStaticBearerGuard({ tokens: ACCESS_TOKENS, failure: () => new DetailHttpException(401, 'Not authenticated') });
const RequireToken = () => Authenticated({ guard: TokenGuard, scheme: { type: 'bearer', name: 'HTTPBearer' }, responses: { 401: 'Not authenticated' } });
const denied = () => new DetailHttpException(403, 'Route has no access policy');

@Controller('things')
class ThingsController {
  @Get('open')
  @Public()
  open() {
    return { open: true };
  }

  @Post('guarded')
  @RequireToken()
  guarded(@Body() body: unknown) {
    return body;
  }

  // A route whose author forgot the decorator.
  @Post('forgotten')
  forgotten(@Body() body: unknown) {
    return body;
  }
}

@Public()
@Controller('service')
class ServiceController {
  @Get()
  info() {
    return { service: 'test' };
  }
}

@Module({ controllers: [ThingsController, ServiceController], providers: [{ provide: ACCESS_TOKENS, useValue: ['token-aaaaaaaaaaaa'] }] })
class ThingsModule {}

async function start(withHook: boolean): Promise<NestFastifyApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [ThingsModule] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter({ frameworkErrors: frameworkErrorHandler('detail') }), {
    logger: false,
  });
  useHttpConventions(app, { errors: 'detail' });
  if (withHook) authenticateBeforeBody(app, { notFound: () => new DetailHttpException(404, 'Not Found'), denied });
  else app.useGlobalGuards(new DefaultDenyGuard(denied));
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

describe('default deny', () => {
  let app: NestFastifyApplication;
  let bare: NestFastifyApplication;
  beforeAll(async () => {
    app = await start(true);
    bare = await start(false);
  });
  afterAll(async () => {
    await app?.close();
    await bare?.close();
  });

  it('lists every route with what it declared', () => {
    expect(listRouteAccess(app).map(({ route, access, guards }) => [route, access, guards.join(',')])).toEqual([
      ['GET /service', 'public', ''],
      ['GET /things/open', 'public', ''],
      ['POST /things/forgotten', 'none', ''],
      ['POST /things/guarded', 'guarded', TokenGuard.name],
    ]);
  });

  it('refuses a route that declares no access before its body is read (malformed JSON gets 403, not 400)', async () => {
    await request(app.getHttpServer())
      .post('/things/forgotten')
      .set('content-type', 'application/json')
      .send('{"a":')
      .expect(403, { detail: 'Route has no access policy' });
    await request(app.getHttpServer()).post('/things/forgotten').send({ a: 1 }).expect(403);
  });

  it('keeps public and guarded routes as they were', async () => {
    await request(app.getHttpServer()).get('/things/open').expect(200, { open: true });
    await request(app.getHttpServer()).get('/service').expect(200, { service: 'test' });
    await request(app.getHttpServer()).post('/things/guarded').send({ a: 1 }).expect(401);
    await request(app.getHttpServer()).post('/things/guarded').set('authorization', 'Bearer token-aaaaaaaaaaaa').send({ a: 1 }).expect(201, { a: 1 });
  });

  it('refuses it through the global Nest guard alone too (an app without the hook)', async () => {
    await request(bare.getHttpServer()).post('/things/forgotten').send({ a: 1 }).expect(403, { detail: 'Route has no access policy' });
    await request(bare.getHttpServer()).get('/things/open').expect(200);
  });
});
