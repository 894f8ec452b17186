import { Controller, Get, Module } from '@nestjs/common';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { frameworkErrorHandler, useHttpConventions } from '@perp/http';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { Authenticated } from './authenticated.decorator';
import { createJwtBearerGuard, JwtPrincipal } from './jwt-bearer.guard';
import { JwtBearerVerifier } from './jwt-bearer-verifier';
import { CurrentPrincipal } from './principal';
import { createStaticBearerGuard } from './static-bearer.guard';
import { DetailHttpException } from '@perp/http';

const VERIFIER = Symbol('VERIFIER');
const KEYS = Symbol('KEYS');
const dir = mkdtempSync(join(tmpdir(), 'auth-decorator-'));
const jwksFile = join(dir, 'jwks.json');

const RequireUser = () =>
  Authenticated({
    guard: createJwtBearerGuard({ verifier: VERIFIER }),
    scheme: { type: 'bearer', name: 'HTTPBearer' },
    responses: { 401: 'Not authenticated' },
    errorSchema: { type: 'object', properties: { detail: { type: 'string' } } },
  });

const RequireKey = () =>
  Authenticated({
    guard: createStaticBearerGuard({ tokens: KEYS, failure: () => new DetailHttpException(403, 'Forbidden') }),
    scheme: { type: 'apiKey', name: 'APIKeyHeader' },
    responses: { 401: 'Missing key', 403: 'Not an admin key' },
  });

@Controller()
class ThingsController {
  @Get('me')
  @RequireUser()
  me(@CurrentPrincipal() who: JwtPrincipal) {
    return { sub: who.subject };
  }

  @Get('open')
  open() {
    return {};
  }
}

@RequireKey()
@Controller('admin')
class AdminController {
  @Get()
  list() {
    return [];
  }
}

@Module({
  controllers: [ThingsController, AdminController],
  providers: [
    { provide: VERIFIER, useFactory: () => new JwtBearerVerifier({ jwks: { file: jwksFile }, issuer: 'iss', audience: 'aud' }) },
    { provide: KEYS, useValue: ['admin-token'] },
  ],
})
class ThingsModule {}

describe('Authenticated', () => {
  let app: NestFastifyApplication;
  let spec: OpenAPIObject;
  let token: string;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    writeFileSync(jwksFile, JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1' }] }));
    token = await new SignJWT({ sub: 'dev-7' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer('iss')
      .setAudience('aud')
      .setExpirationTime('5m')
      .sign(privateKey);
    const moduleRef = await Test.createTestingModule({ imports: [ThingsModule] }).compile();
    app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter({ frameworkErrors: frameworkErrorHandler('detail') }), { logger: false });
    useHttpConventions(app, { errors: 'detail' });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const builder = new DocumentBuilder()
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, 'APIKeyHeader')
      .addBearerAuth({ type: 'http', scheme: 'bearer' }, 'HTTPBearer');
    spec = SwaggerModule.createDocument(app, builder.build());
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies the guard: 401 Not authenticated with WWW-Authenticate: Bearer, or the principal', async () => {
    const refused = await request(app.getHttpServer()).get('/me').expect(401);
    expect(refused.body).toEqual({ detail: 'Not authenticated' });
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    await request(app.getHttpServer()).get('/me').set('Authorization', `Bearer ${token}`).expect(200, { sub: 'dev-7' });
    await request(app.getHttpServer()).get('/admin').set('Authorization', 'Bearer admin-token').expect(200);
    await request(app.getHttpServer()).get('/admin').expect(403);
  });

  it('declares the security requirement and the error responses, per route or per controller', () => {
    expect(spec.paths['/me'].get?.security).toEqual([{ HTTPBearer: [] }]);
    expect(spec.paths['/me'].get?.responses['401']).toMatchObject({ description: 'Not authenticated', headers: { 'WWW-Authenticate': expect.any(Object) } });
    expect(spec.paths['/admin'].get?.security).toEqual([{ APIKeyHeader: [] }]);
    expect(Object.keys(spec.paths['/admin'].get?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']));
    expect(spec.paths['/open'].get?.security).toBeUndefined();
  });
});
