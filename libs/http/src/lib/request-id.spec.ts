import { Controller, Get, Query } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { PageQuery } from './page-query';
import { PAGE_LIMITS } from './pagination';
import { getRequestId, resolveRequestId } from './request-id';
import { RecordingLogger, createTestApp } from './test-app.spec-helper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

class Trades extends PageQuery(PAGE_LIMITS.trades) {}

@Controller()
class IdController {
  @Get('ok')
  ok(@Query() query: Trades) {
    return query;
  }

  @Get('boom')
  boom() {
    throw new Error('kaput');
  }
}

describe('resolveRequestId', () => {
  it('keeps a sane id and replaces anything else with a UUID', () => {
    expect(resolveRequestId('abc-123_X.y')).toBe('abc-123_X.y');
    expect(resolveRequestId('a'.repeat(128))).toBe('a'.repeat(128));
    expect(resolveRequestId('a'.repeat(129))).toMatch(UUID);
    expect(resolveRequestId('has space')).toMatch(UUID);
    expect(resolveRequestId('<script>')).toMatch(UUID);
    expect(resolveRequestId('')).toMatch(UUID);
    expect(resolveRequestId(undefined)).toMatch(UUID);
    expect(resolveRequestId(['a', 'b'])).toMatch(UUID);
  });

  it('knows no id for a request it never saw', () => {
    expect(getRequestId({})).toBeUndefined();
    expect(getRequestId(undefined)).toBeUndefined();
  });
});

describe.each(['detail', 'envelope'] as const)('X-Request-Id with the %s filter (real HTTP)', (errors) => {
  let app: NestFastifyApplication;
  const get = (url: string) => request(app.getHttpServer()).get(url);

  beforeAll(async () => {
    app = await createTestApp([IdController], { errors, logger: new RecordingLogger() });
  });
  afterAll(() => app.close());

  it('generates one when none is sent', async () => {
    const res = await get('/ok').expect(200);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('gives each request its own', async () => {
    const [a, b] = await Promise.all([get('/ok'), get('/ok')]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it.each([
    ['/ok', 200],
    ['/ok?limit=0', 422],
    ['/missing-route', 404],
    ['/boom', 500],
  ])('echoes a sane id on %s (%i)', async (path, status) => {
    const res = await get(path).set('X-Request-Id', 'bot-7.req_42').expect(status);
    expect(res.headers['x-request-id']).toBe('bot-7.req_42');
  });

  it('answers a URL Fastify cannot decode with the service body and an id', async () => {
    const res = await get('/%zz').set('X-Request-Id', 'bad-url').expect(400);
    expect(res.headers['x-request-id']).toBe('bad-url');
    const message = "'/%zz' is not a valid url component";
    expect(res.body).toEqual(errors === 'detail' ? { detail: message } : { success: false, data: null, message });
  });

  it('replaces an unsafe id', async () => {
    const res = await get('/boom').set('X-Request-Id', 'x'.repeat(129)).expect(500);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});
