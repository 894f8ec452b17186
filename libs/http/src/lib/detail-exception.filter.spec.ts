import { Body, Controller, ForbiddenException, Get, HttpCode, NotFoundException, Post, ServiceUnavailableException } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { DetailExceptionFilter } from './detail-exception.filter';
import { DetailHttpException } from './detail-http.exception';
import { FastApiValidationPipe } from './fastapi-validation.pipe';
import { StringField } from './field-decorators';
import { installRequestId } from './request-id';
import { RecordingLogger, createTestApp } from './test-app.spec-helper';

class NameBody {
  @StringField({ required: true }) name!: string;
}

class StoreUnavailableError extends Error {
  readonly status = 503;
  constructor(readonly detail: string) {
    super(`connection refused to 10.0.0.5:5432 (${detail})`);
  }
}

class TeapotError extends Error {}

@Controller()
class ErrorsController {
  @Get('ok')
  ok() {
    return { fine: true };
  }

  @Post('echo')
  @HttpCode(200)
  echo(@Body() body: NameBody) {
    return body;
  }

  @Get('boom')
  boom() {
    throw new Error('password=hunter2 in connection string');
  }

  @Get('market')
  market() {
    throw new NotFoundException('Market not found');
  }

  @Get('admin')
  admin() {
    throw new ForbiddenException('Admin API key required');
  }

  @Get('auth')
  auth() {
    throw new DetailHttpException(401, 'Not authenticated', { 'WWW-Authenticate': 'Bearer' });
  }

  @Get('store')
  store() {
    throw new StoreUnavailableError('Index store unavailable');
  }

  @Get('unavailable')
  unavailable() {
    throw new ServiceUnavailableException('Source store unavailable');
  }

  @Get('teapot')
  teapot() {
    throw new TeapotError('short and stout');
  }
}

describe('DetailExceptionFilter (market-data errors, real HTTP)', () => {
  let app: NestFastifyApplication;
  const logger = new RecordingLogger();
  const server = () => app.getHttpServer();

  beforeAll(async () => {
    app = await createTestApp([ErrorsController], {
      errors: 'detail',
      configure: (nest) => {
        installRequestId(nest.getHttpAdapter().getInstance());
        nest.useGlobalPipes(new FastApiValidationPipe());
        nest.useGlobalFilters(
          new DetailExceptionFilter({
            logger,
            mappers: [(err) => (err instanceof TeapotError ? { status: 418, detail: err.message } : undefined)],
          }),
        );
      },
    });
  });
  afterAll(() => app.close());

  it('renders an HttpException as {"detail": message} with its status', async () => {
    expect((await request(server()).get('/market').expect(404)).body).toEqual({ detail: 'Market not found' });
    expect((await request(server()).get('/admin').expect(403)).body).toEqual({ detail: 'Admin API key required' });
    expect((await request(server()).get('/unavailable').expect(503)).body).toEqual({
      detail: 'Source store unavailable',
    });
  });

  it('keeps the headers an exception asks for', async () => {
    const res = await request(server()).get('/auth').expect(401);
    expect(res.body).toEqual({ detail: 'Not authenticated' });
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('renders app errors carrying a status and a detail', async () => {
    const res = await request(server()).get('/store').expect(503);
    expect(res.body).toEqual({ detail: 'Index store unavailable' });
    expect(JSON.stringify(res.body)).not.toContain('10.0.0.5');
    // The cause stays in the server log.
    expect(logger.lines.some((line) => line.includes('10.0.0.5') && line.includes('503'))).toBe(true);
  });

  it('applies registered mappings', async () => {
    expect((await request(server()).get('/teapot').expect(418)).body).toEqual({ detail: 'short and stout' });
  });

  it('answers an unknown route like FastAPI', async () => {
    const res = await request(server()).get('/nowhere').expect(404);
    expect(res.body).toEqual({ detail: 'Not Found' });
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('hides an unexpected error behind a 500 and logs it', async () => {
    const res = await request(server()).get('/boom').set('X-Request-Id', 'trace-500').expect(500);
    expect(res.body).toEqual({ detail: 'Internal server error' });
    expect(res.text).not.toContain('hunter2');
    expect(res.headers['x-request-id']).toBe('trace-500');
    expect(logger.lines.some((line) => line.includes('hunter2') && line.includes('trace-500'))).toBe(true);
  });

  it('renders a validation failure as a 422 detail list', async () => {
    const res = await request(server()).post('/echo').send({}).expect(422);
    expect(res.body).toEqual({
      detail: [{ type: 'missing', loc: ['body', 'name'], msg: 'Field required', input: {} }],
    });
  });

  describe("with Fastify's own JSON parser (installJsonBodyParser not used)", () => {
    it('still answers malformed JSON with 422 json_invalid, without a position', async () => {
      const res = await request(server()).post('/echo').set('Content-Type', 'application/json').send('{"name": }').expect(422);
      expect(res.body).toEqual({
        detail: [{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting value' } }],
      });
    });

    it('answers an empty JSON body as a missing body', async () => {
      const res = await request(server()).post('/echo').set('Content-Type', 'application/json').send('').expect(422);
      expect(res.body).toEqual({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] });
    });
  });
});

describe('DetailExceptionFilter with installJsonBodyParser (as useHttpConventions wires it)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp([ErrorsController], { errors: 'detail', logger: new RecordingLogger() });
  });
  afterAll(() => app.close());

  it.each([
    ['{"name": }', 9, 'Expecting value'],
    ['{bad', 1, 'Expecting property name enclosed in double quotes'],
    ['{"name": "x"} x', 14, 'Extra data'],
    ['{"name": "x" "y"}', 13, "Expecting ',' delimiter"],
    ['{"name": "unterminated', 9, 'Unterminated string starting at'],
    ['[1,]', 3, 'Expecting value'],
  ])('answers %s like FastAPI', async (text, position, error) => {
    const res = await request(app.getHttpServer()).post('/echo').set('Content-Type', 'application/json').send(text).expect(422);
    expect(res.body).toEqual({
      detail: [{ type: 'json_invalid', loc: ['body', position], msg: 'JSON decode error', input: {}, ctx: { error } }],
    });
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('refuses prototype-poisoning keys', async () => {
    const res = await request(app.getHttpServer())
      .post('/echo')
      .set('Content-Type', 'application/json')
      .send('{"name": "x", "__proto__": {"admin": true}}')
      .expect(422);
    expect(res.body.detail[0]).toMatchObject({ type: 'json_invalid', ctx: { error: 'Object contains forbidden __proto__ property' } });
  });

  it('still parses good JSON', async () => {
    const res = await request(app.getHttpServer()).post('/echo').send({ name: 'bot' }).expect(200);
    expect(res.body).toEqual({ name: 'bot' });
  });
});
