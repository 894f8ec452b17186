import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { connect } from 'node:net';
import request from 'supertest';
import { NestedArrayField, StringField } from './field-decorators';
import { quietestStall, STALL_BOUND_MS } from './testing/event-loop-stall';
import { FastApiValidationPipe } from './fastapi-validation.pipe';
import { frameworkErrorHandler } from './framework-errors';
import { useHttpConventions } from './http-conventions';
import { PageQuery } from './page-query';
import { clientErrorHandler, installBodyLimits } from './request-limits';
import { RecordingLogger } from './test-app.spec-helper';

class Item {
  @StringField({ required: true }) name!: string;
}

class Body100 {
  @StringField() name?: string;
  @NestedArrayField(() => Item, { maxItems: 100 }) items?: Item[];
}

class ListQuery extends PageQuery({ min: 1, max: 500, default: 100 }) {
  @StringField({ maxLength: 100 }) q?: string;
}

@Controller()
class HygieneController {
  @Post('small')
  @HttpCode(200)
  small(@Body() body: Body100): unknown {
    return { name: body.name ?? null, items: body.items?.length ?? 0 };
  }

  @Post('large')
  @HttpCode(200)
  large(@Body() body: Body100): unknown {
    return { items: body.items?.length ?? 0 };
  }

  @Get('list')
  list(@Query() query: ListQuery): unknown {
    return { offset: query.offset, q: query.q ?? null };
  }

  @Get('tickers/:ticker')
  ticker(@Param('ticker') ticker: string): unknown {
    return { ticker };
  }
}

const SMALL = 2048;
const LARGE = 64 * 1024;
const REQUEST_TIMEOUT_MS = 1500;

async function createApp(errors: 'detail' | 'envelope', logger: RecordingLogger): Promise<NestFastifyApplication> {
  const moduleRef = await Test.createTestingModule({ controllers: [HygieneController] }).compile();
  const adapter = new FastifyAdapter({
    frameworkErrors: frameworkErrorHandler(errors),
    clientErrorHandler: clientErrorHandler(errors),
    bodyLimit: SMALL,
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: 1000, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 200 },
  } as ConstructorParameters<typeof FastifyAdapter>[0]);
  const app = moduleRef.createNestApplication<NestFastifyApplication>(adapter, { logger: false });
  installBodyLimits(app.getHttpAdapter().getInstance(), { default: SMALL, routes: { 'POST /large': LARGE } });
  useHttpConventions(app, { errors, logger });
  await app.listen(0, '127.0.0.1');
  return app;
}

/** 95k keys took class-transformer 5 s (it de-duplicates keys in quadratic time); the pipe hands it only declared keys. */
describe('FastApiValidationPipe with many unknown keys', () => {
  it('validates an object of 95k keys, nested ones included, in linear time', () => {
    const raw = Object.fromEntries(Array.from({ length: 95_000 }, (_, i) => [`k${i}`, 1]));
    const topInput = { ...raw, name: 'n' };
    const nestedInput = { items: [{ ...raw, name: 'n' }] };
    const pipe = new FastApiValidationPipe();
    let top = new Body100();
    let nested = new Body100();
    // Quadratic it took 9 s; linear about 0.2 s (a copy of the input is kept for error messages).
    // A wall-clock bound failed on a loaded 2-core machine (1.8-2.7 s), so the pipe is timed against
    // linear work on the same input in the same attempt: a spread copy of both inputs (0.5-2x that
    // when linear, measured at load 17; class-transformer's quadratic pass 27x). The best of three counts.
    let best = Infinity;
    let copies: object[] = [];
    for (let attempt = 0; attempt < 3 && best >= 10; attempt++) {
      const cloneStarted = performance.now();
      copies = [{ ...topInput }, { ...nestedInput.items[0] }];
      const started = performance.now();
      top = pipe.transform(topInput, { type: 'body', metatype: Body100 }) as Body100;
      nested = pipe.transform(nestedInput, { type: 'body', metatype: Body100 }) as Body100;
      const ended = performance.now();
      best = Math.min(best, (ended - started) / (started - cloneStarted));
    }
    expect(best).toBeLessThan(10);
    expect(copies).toHaveLength(2);
    expect(top.name).toBe('n');
    expect(nested.items?.[0]).toEqual(Object.assign(new Item(), { name: 'n' }));
  });
});

const manyKeys = (n: number): string => `{${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`;

describe.each(['detail', 'envelope'] as const)('request hygiene (%s errors)', (errors) => {
  let app: NestFastifyApplication;
  const logger = new RecordingLogger();
  const errorOf = (body: unknown): unknown => (errors === 'detail' ? (body as { detail: unknown }).detail : (body as { message: unknown }).message);

  beforeAll(async () => {
    app = await createApp(errors, logger);
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    // None of these is a server failure: nothing logged as an error, no stack trace.
    expect(logger.lines.filter((line) => /\n\s+at /.test(line) || /Internal server error/.test(line))).toEqual([]);
  });

  it('answers 413 for a body over the route limit, by Content-Length and while reading, in the service shape', async () => {
    const tooBig = JSON.stringify({ name: 'x'.repeat(SMALL) });
    const res = await request(app.getHttpServer()).post('/small').set('content-type', 'application/json').send(tooBig);
    expect(res.status).toBe(413);
    expect(errorOf(res.body)).toBe('Request body is too large');
    if (errors === 'envelope') expect(res.body).toEqual({ success: false, data: null, message: 'Request body is too large' });
    // The same body fits the route sized for it.
    const fits = await request(app.getHttpServer()).post('/large').set('content-type', 'application/json').send(tooBig);
    expect(fits.status).toBe(200);
    // Unknown routes read no more than the default either.
    const unknown = await request(app.getHttpServer()).post('/nowhere').set('content-type', 'application/json').send(tooBig);
    expect(unknown.status).toBe(413);
  });

  it('refuses a deeply nested body cheaply, as malformed JSON (no 500)', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await request(app.getHttpServer()).post('/large').set('content-type', 'application/json').send(deep);
    if (errors === 'detail') {
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ type: 'json_invalid', loc: ['body', 32], ctx: { error: 'Nesting deeper than 32 levels' } });
    } else {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, data: null, message: 'Malformed JSON body: Nesting deeper than 32 levels at position 32' });
    }
  });

  it('refuses an object with too many members or an array with too many elements', async () => {
    const keys = await request(app.getHttpServer()).post('/large').set('content-type', 'application/json').send(manyKeys(5000));
    expect(keys.status).toBe(errors === 'detail' ? 422 : 400);
    expect(JSON.stringify(errorOf(keys.body))).toContain('Object with more than 256 members');
    const items = await request(app.getHttpServer())
      .post('/large')
      .set('content-type', 'application/json')
      .send(`[${'0,'.repeat(5000)}0]`);
    expect(items.status).toBe(errors === 'detail' ? 422 : 400);
    expect(JSON.stringify(errorOf(items.body))).toContain('Array with more than 1000 elements');
  });

  it('answers a body of 95k keys at once, without stalling the event loop', async () => {
    const body = manyKeys(95_000);
    let status = 0;
    const stall = await quietestStall(async () => {
      const res = await app
        .getHttpAdapter()
        .getInstance()
        .inject({ method: 'POST', url: '/large', headers: { 'content-type': 'application/json' }, payload: body });
      status = res.statusCode;
    });
    expect(status).toBe(413); // over the route's limit
    expect(stall).toBeLessThan(STALL_BOUND_MS);
  });

  it('echoes a stray big integer in a 422 as its digits (not a 500 from serialising a BigInt)', async () => {
    const res = await request(app.getHttpServer())
      .post('/small')
      .set('content-type', 'application/json')
      .send('{"items": [{"x": -1157920892373161954235709850086879078532699846656405640394575840079}]}');
    expect(res.status).toBe(422);
    if (errors === 'detail')
      expect(res.body.detail[0]).toMatchObject({ type: 'missing', input: { x: '-1157920892373161954235709850086879078532699846656405640394575840079' } });
  });

  it('answers 422 for offsets beyond what a number (and Postgres int8) holds', async () => {
    for (const offset of ['9223372036854775808', '9007199254740993', '1e400']) {
      const res = await request(app.getHttpServer()).get('/list').query({ offset });
      expect(res.status).toBe(422);
    }
    const res = await request(app.getHttpServer()).get('/list').query({ offset: '9223372036854775808' });
    if (errors === 'detail') expect(res.body.detail[0]).toMatchObject({ type: 'value_error', loc: ['query', 'offset'], input: '9223372036854775808' });
    const fine = await request(app.getHttpServer()).get('/list').query({ offset: '9007199254740991' });
    expect(fine.status).toBe(200);
  });

  it('answers 422 for NUL characters and unpaired surrogates in query, path and body fields', async () => {
    const nulQuery = await request(app.getHttpServer()).get('/list?q=a%00b');
    expect(nulQuery.status).toBe(422);
    if (errors === 'detail') expect(nulQuery.body.detail[0]).toMatchObject({ type: 'string_unicode', loc: ['query', 'q'] });
    const nulPath = await request(app.getHttpServer()).get('/tickers/a%00b');
    expect(nulPath.status).toBe(422);
    if (errors === 'detail') expect(nulPath.body.detail[0]).toMatchObject({ type: 'string_unicode', loc: ['path', 'ticker'] });
    const surrogate = await request(app.getHttpServer()).get('/tickers/%ED%A0%80');
    // Not valid UTF-8: the router decodes it to U+FFFD, which is storable text.
    expect([200, 400]).toContain(surrogate.status);
    for (const name of ['a\u0000b', '\ud800', 'x\udc00y']) {
      const body = await request(app.getHttpServer()).post('/small').set('content-type', 'application/json').send(JSON.stringify({ name }));
      expect(body.status).toBe(422);
      const nested = await request(app.getHttpServer())
        .post('/small')
        .set('content-type', 'application/json')
        .send(JSON.stringify({ items: [{ name }] }));
      expect(nested.status).toBe(422);
      if (errors === 'detail') expect(nested.body.detail[0]).toMatchObject({ type: 'string_unicode', loc: ['body', 'items', 0, 'name'] });
    }
    const emoji = await request(app.getHttpServer())
      .post('/small')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ name: 'ok 😀' }));
    expect(emoji.status).toBe(200);
  });

  it('cuts off a body sent a byte at a time, with 408 in the service shape', async () => {
    const { port } = app.getHttpServer().address() as { port: number };
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write('POST /small HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n');
        timer = setInterval(() => socket.writable && socket.write(' '), 300);
      });
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => {
        clearInterval(timer);
        resolve(received);
      });
      socket.on('error', (error) => {
        clearInterval(timer);
        if (received) resolve(received);
        else reject(error);
      });
    });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(elapsed).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(errorOf(body)).toBe('Request timeout: the request did not arrive in time');
  });
});
