import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { AddressField, BigIntField, BoolField, DateTimeField, DecimalField, IntField, LiteralField, NestedArrayField, StringField } from './field-decorators';
import { OptionalBody } from './field-spec';
import {
  HistoryPageQuery,
  LiquidatablePageQuery,
  MarketsPageQuery,
  OiPageQuery,
  PageQuery,
  PositionsPageQuery,
  SnapshotsPageQuery,
  TradesPageQuery,
} from './page-query';
import { PAGE_LIMITS, PageKind } from './pagination';
import { ParseAddressPathPipe, ParseIntPathPipe } from './path-pipes';
import { createTestApp } from './test-app.spec-helper';

const ADDRESS = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
const PATTERN = '^0x[0-9a-fA-F]{40}$';

class MarketsQuery extends PageQuery(PAGE_LIMITS.markets) {
  @AddressField() beacon?: string;
  @DecimalField({ ge: 0 }) min_open_interest?: string;
  @BoolField() has_liquidity?: boolean;
  @LiteralField(['open_interest', 'funding', 'liquidity', 'created'] as const, { default: 'created' })
  sort!: string;
  @LiteralField(['asc', 'desc'] as const, { default: 'desc' }) order!: 'asc' | 'desc';
  @StringField({ maxLength: 100 }) q?: string;
  @DateTimeField() start_time?: Date;
}

class RequiredQuery {
  @IntField({ required: true }) n!: number;
}

class CreateKeyBody {
  @StringField({ maxLength: 100, default: 'default' }) name!: string;
}

@OptionalBody()
class OptionalNameBody {
  @StringField({ default: 'anonymous' }) name!: string;
}

class AdminKeyBody {
  @StringField({ required: true }) name!: string;
}

class UpdateItem {
  @AddressField({ required: true }) beacon_address!: string;
  @StringField({ required: true, pattern: '^0x([0-9a-fA-F]{2})*$' }) proof!: string;
}

class BatchBody {
  @NestedArrayField(() => UpdateItem, { required: true, minItems: 1, maxItems: 3 }) updates!: UpdateItem[];
  @IntField({ required: true, ge: 1, le: 100 }) count!: number;
  @BigIntField({ ge: 0n }) measurement?: bigint;
}

const typesOf = (dto: object): Record<string, string> => Object.fromEntries(Object.entries(dto).map(([k, v]) => [k, v instanceof Date ? 'date' : typeof v]));

@Controller()
class TestController {
  @Get('markets')
  markets(@Query() query: MarketsQuery) {
    return { query, types: typesOf(query) };
  }

  @Get('required')
  required(@Query() query: RequiredQuery) {
    return query;
  }

  @Get('positions/:position_id')
  position(@Param('position_id', ParseIntPathPipe) id: number) {
    return { id, type: typeof id };
  }

  @Get('by-address/:perp_address')
  market(@Param('perp_address', ParseAddressPathPipe) address: string) {
    return { address };
  }

  @Post('auth/keys')
  @HttpCode(200)
  createKey(@Body() body: CreateKeyBody) {
    return body;
  }

  @Post('optional')
  @HttpCode(200)
  optional(@Body() body: OptionalNameBody) {
    return body;
  }

  @Post('admin/keys')
  @HttpCode(200)
  adminKey(@Body() body: AdminKeyBody) {
    return body;
  }

  @Post('batch')
  @HttpCode(200)
  batch(@Body() body: BatchBody) {
    return { ...body, measurement: body.measurement?.toString(), isItem: body.updates.map((u) => u instanceof UpdateItem) };
  }
}

@Controller('pages')
class PagesController {
  @Get('markets') markets(@Query() q: MarketsPageQuery) {
    return q;
  }
  @Get('positions') positions(@Query() q: PositionsPageQuery) {
    return q;
  }
  @Get('liquidatable') liquidatable(@Query() q: LiquidatablePageQuery) {
    return q;
  }
  @Get('snapshots') snapshots(@Query() q: SnapshotsPageQuery) {
    return q;
  }
  @Get('oi') oi(@Query() q: OiPageQuery) {
    return q;
  }
  @Get('trades') trades(@Query() q: TradesPageQuery) {
    return q;
  }
  @Get('history') history(@Query() q: HistoryPageQuery) {
    return q;
  }
}

describe('FastApiValidationPipe (market-data style, real HTTP)', () => {
  let app: NestFastifyApplication;
  const get = (url: string) => request(app.getHttpServer()).get(url);
  const post = (url: string) => request(app.getHttpServer()).post(url);

  beforeAll(async () => {
    app = await createTestApp([TestController, PagesController], { errors: 'detail' });
  });
  afterAll(() => app.close());

  describe.each(Object.entries(PAGE_LIMITS) as [PageKind, (typeof PAGE_LIMITS)[PageKind]][])('limit of %s', (kind, limits) => {
    it(`defaults to ${limits.default} with offset 0`, async () => {
      const res = await get(`/pages/${kind}`).expect(200);
      expect(res.body).toEqual({ limit: limits.default, offset: 0 });
    });

    it.each([limits.min, limits.max])('accepts %s', async (limit) => {
      const res = await get(`/pages/${kind}?limit=${limit}&offset=7`).expect(200);
      expect(res.body).toEqual({ limit, offset: 7 });
    });

    it(`rejects ${limits.min - 1}`, async () => {
      const res = await get(`/pages/${kind}?limit=${limits.min - 1}`).expect(422);
      expect(res.body).toEqual({
        detail: [
          {
            type: 'greater_than_equal',
            loc: ['query', 'limit'],
            msg: `Input should be greater than or equal to ${limits.min}`,
            input: String(limits.min - 1),
            ctx: { ge: limits.min },
          },
        ],
      });
    });

    it(`rejects ${limits.max + 1}`, async () => {
      const res = await get(`/pages/${kind}?limit=${limits.max + 1}`).expect(422);
      expect(res.body).toEqual({
        detail: [
          {
            type: 'less_than_equal',
            loc: ['query', 'limit'],
            msg: `Input should be less than or equal to ${limits.max}`,
            input: String(limits.max + 1),
            ctx: { le: limits.max },
          },
        ],
      });
    });
  });

  describe('query fields', () => {
    it('rejects a non-integer limit with int_parsing and no ctx', async () => {
      for (const bad of ['abc', '1.5', '']) {
        const res = await get(`/pages/trades?limit=${bad}`).expect(422);
        expect(res.body.detail).toEqual([
          {
            type: 'int_parsing',
            loc: ['query', 'limit'],
            msg: 'Input should be a valid integer, unable to parse string as an integer',
            input: bad,
          },
        ]);
      }
    });

    it('rejects a negative offset', async () => {
      const res = await get('/pages/trades?offset=-1').expect(422);
      expect(res.body.detail).toEqual([
        {
          type: 'greater_than_equal',
          loc: ['query', 'offset'],
          msg: 'Input should be greater than or equal to 0',
          input: '-1',
          ctx: { ge: 0 },
        },
      ]);
    });

    it('keeps the last of repeated parameters', async () => {
      expect((await get('/pages/trades?limit=1&limit=2').expect(200)).body).toEqual({ limit: 2, offset: 0 });
      expect((await get('/pages/trades?limit=abc&limit=5').expect(200)).body).toEqual({ limit: 5, offset: 0 });
      const res = await get('/pages/trades?limit=5&limit=0').expect(422);
      expect(res.body.detail[0]).toMatchObject({ type: 'greater_than_equal', input: '0' });
    });

    it('ignores unknown parameters', async () => {
      const res = await get('/pages/trades?foo=bar&limit=3').expect(200);
      expect(res.body).toEqual({ limit: 3, offset: 0 });
    });

    it('converts every field to its type and fills defaults', async () => {
      const res = await get(
        `/markets?beacon=${ADDRESS}&min_open_interest=1e3&has_liquidity=TRUE&sort=funding&q=eth&start_time=2024-01-01T10:00:00%2B02:00`,
      ).expect(200);
      expect(res.body.query).toEqual({
        limit: 100,
        offset: 0,
        beacon: ADDRESS.toLowerCase(),
        min_open_interest: '1000',
        has_liquidity: true,
        sort: 'funding',
        order: 'desc',
        q: 'eth',
        start_time: '2024-01-01T08:00:00.000Z',
      });
      expect(res.body.types).toMatchObject({ limit: 'number', has_liquidity: 'boolean', start_time: 'date' });
    });

    it.each([
      ['true', true],
      ['False', false],
      ['1', true],
      ['0', false],
      ['yes', true],
      ['NO', false],
      ['on', true],
      ['off', false],
    ])('reads the boolean %s', async (text, value) => {
      const res = await get(`/markets?has_liquidity=${text}`).expect(200);
      expect(res.body.query.has_liquidity).toBe(value);
    });

    it('rejects a bad boolean', async () => {
      const res = await get('/markets?has_liquidity=maybe').expect(422);
      expect(res.body.detail).toEqual([
        {
          type: 'bool_parsing',
          loc: ['query', 'has_liquidity'],
          msg: 'Input should be a valid boolean, unable to interpret input',
          input: 'maybe',
        },
      ]);
    });

    it('rejects a value outside a literal', async () => {
      const order = await get('/markets?order=up').expect(422);
      expect(order.body.detail).toEqual([
        {
          type: 'literal_error',
          loc: ['query', 'order'],
          msg: "Input should be 'asc' or 'desc'",
          input: 'up',
          ctx: { expected: "'asc' or 'desc'" },
        },
      ]);
      const sort = await get('/markets?sort=volume').expect(422);
      expect(sort.body.detail[0]).toEqual({
        type: 'literal_error',
        loc: ['query', 'sort'],
        msg: "Input should be 'open_interest', 'funding', 'liquidity' or 'created'",
        input: 'volume',
        ctx: { expected: "'open_interest', 'funding', 'liquidity' or 'created'" },
      });
    });

    it('rejects a malformed address', async () => {
      const res = await get('/markets?beacon=0x123').expect(422);
      expect(res.body.detail).toEqual([
        {
          type: 'string_pattern_mismatch',
          loc: ['query', 'beacon'],
          msg: `String should match pattern '${PATTERN}'`,
          input: '0x123',
          ctx: { pattern: PATTERN },
        },
      ]);
    });

    it.each([
      ['2024-01-01', '2024-01-01T00:00:00.000Z'],
      ['2024-01-01T10:00:00Z', '2024-01-01T10:00:00.000Z'],
      ['2024-01-01 10:00', '2024-01-01T10:00:00.000Z'],
      ['2024-01-01T10:00:00.123456-01:30', '2024-01-01T11:30:00.123Z'],
      // An unencoded "+" arrives as a space.
      ['2024-01-01T10:00:00+02:00', '2024-01-01T08:00:00.000Z'],
      ['1704067200', '2024-01-01T00:00:00.000Z'],
    ])('reads the date-time %s', async (text, iso) => {
      const res = await get(`/markets?start_time=${text}`).expect(200);
      expect(res.body.query.start_time).toBe(iso);
    });

    it.each([
      ['not-a-date', 'invalid character in year'],
      ['yesterday', 'input is too short'],
      ['2024-13-01', 'month value is outside expected range of 1-12'],
      ['2024-02-30', 'day value is outside expected range'],
      ['2024-01-01T25:00:00', 'unexpected extra characters at the end of the input'],
    ])('rejects the date-time %s', async (text, error) => {
      const res = await get(`/markets?start_time=${text}`).expect(422);
      expect(res.body.detail).toEqual([
        {
          type: 'datetime_from_date_parsing',
          loc: ['query', 'start_time'],
          msg: `Input should be a valid datetime or date, ${error}`,
          input: text,
          ctx: { error },
        },
      ]);
    });

    it('rejects a negative or malformed decimal', async () => {
      const negative = await get('/markets?min_open_interest=-1.5').expect(422);
      expect(negative.body.detail).toEqual([
        {
          type: 'greater_than_equal',
          loc: ['query', 'min_open_interest'],
          msg: 'Input should be greater than or equal to 0',
          input: '-1.5',
          ctx: { ge: 0 },
        },
      ]);
      const malformed = await get('/markets?min_open_interest=abc').expect(422);
      expect(malformed.body.detail).toEqual([
        {
          type: 'decimal_parsing',
          loc: ['query', 'min_open_interest'],
          msg: 'Input should be a valid decimal',
          input: 'abc',
        },
      ]);
    });

    it('rejects a string over its maximum length', async () => {
      const long = 'x'.repeat(101);
      const res = await get(`/markets?q=${long}`).expect(422);
      expect(res.body.detail).toEqual([
        {
          type: 'string_too_long',
          loc: ['query', 'q'],
          msg: 'String should have at most 100 characters',
          input: long,
          ctx: { max_length: 100 },
        },
      ]);
      await get(`/markets?q=${'x'.repeat(100)}`).expect(200);
    });

    it('reports a missing required parameter with input null', async () => {
      const res = await get('/required').expect(422);
      expect(res.body).toEqual({
        detail: [{ type: 'missing', loc: ['query', 'n'], msg: 'Field required', input: null }],
      });
    });

    it("reports every failing field at once, the DTO's own fields before the inherited page fields", async () => {
      const res = await get('/markets?limit=0&order=up&has_liquidity=maybe').expect(422);
      expect(res.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([
        ['query', 'has_liquidity'],
        ['query', 'order'],
        ['query', 'limit'],
      ]);
    });
  });

  describe('path parameters', () => {
    it('parses an integer path parameter', async () => {
      expect((await get('/positions/42').expect(200)).body).toEqual({ id: 42, type: 'number' });
    });

    it('rejects a non-integer path parameter', async () => {
      const res = await get('/positions/abc').expect(422);
      expect(res.body).toEqual({
        detail: [
          {
            type: 'int_parsing',
            loc: ['path', 'position_id'],
            msg: 'Input should be a valid integer, unable to parse string as an integer',
            input: 'abc',
          },
        ],
      });
    });

    it('lower-cases a valid address and rejects a malformed one', async () => {
      expect((await get(`/by-address/${ADDRESS}`).expect(200)).body).toEqual({ address: ADDRESS.toLowerCase() });
      const res = await get('/by-address/0xzz').expect(422);
      expect(res.body.detail).toEqual([
        {
          type: 'string_pattern_mismatch',
          loc: ['path', 'perp_address'],
          msg: `String should match pattern '${PATTERN}'`,
          input: '0xzz',
          ctx: { pattern: PATTERN },
        },
      ]);
    });
  });

  describe('bodies', () => {
    it('fills a body default', async () => {
      expect((await post('/auth/keys').send({}).expect(200)).body).toEqual({ name: 'default' });
    });

    it('drops unknown body fields', async () => {
      expect((await post('/auth/keys').send({ name: 'bot', admin: true }).expect(200)).body).toEqual({ name: 'bot' });
    });

    it('requires the body itself', async () => {
      const none = await post('/auth/keys').expect(422);
      expect(none.body).toEqual({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] });
      const empty = await post('/auth/keys').set('Content-Type', 'application/json').send('').expect(422);
      expect(empty.body).toEqual(none.body);
      const nullBody = await post('/auth/keys').set('Content-Type', 'application/json').send('null').expect(422);
      expect(nullBody.body).toEqual(none.body);
    });

    it('accepts a missing body where the DTO allows it', async () => {
      expect((await post('/optional').expect(200)).body).toEqual({ name: 'anonymous' });
    });

    it('rejects a body that is not an object', async () => {
      const res = await post('/auth/keys').send([1]).expect(422);
      expect(res.body).toEqual({
        detail: [
          {
            type: 'model_attributes_type',
            loc: ['body'],
            msg: 'Input should be a valid dictionary or object to extract fields from',
            input: [1],
          },
        ],
      });
    });

    it('rejects a name over 100 characters and a name of the wrong type', async () => {
      const long = 'n'.repeat(101);
      const res = await post('/auth/keys').send({ name: long }).expect(422);
      expect(res.body.detail).toEqual([
        {
          type: 'string_too_long',
          loc: ['body', 'name'],
          msg: 'String should have at most 100 characters',
          input: long,
          ctx: { max_length: 100 },
        },
      ]);
      const typed = await post('/auth/keys').send({ name: 5 }).expect(422);
      expect(typed.body.detail).toEqual([{ type: 'string_type', loc: ['body', 'name'], msg: 'Input should be a valid string', input: 5 }]);
    });

    it('reports a missing body field with the body as input', async () => {
      const res = await post('/admin/keys').send({ other: 1 }).expect(422);
      expect(res.body.detail).toEqual([{ type: 'missing', loc: ['body', 'name'], msg: 'Field required', input: { other: 1 } }]);
    });

    it('validates nested lists element by element', async () => {
      const ok = await post('/batch')
        .send({ count: 2, measurement: '123456789012345678901234567890', updates: [{ beacon_address: ADDRESS, proof: '0x12' }] })
        .expect(200);
      expect(ok.body).toEqual({
        count: 2,
        measurement: '123456789012345678901234567890',
        updates: [{ beacon_address: ADDRESS.toLowerCase(), proof: '0x12' }],
        isItem: [true],
      });

      const bad = await post('/batch')
        .send({ count: 101, updates: [{ beacon_address: ADDRESS, proof: '0x12' }, 5, { proof: 'zz' }] })
        .expect(422);
      expect(bad.body.detail).toEqual([
        {
          type: 'model_attributes_type',
          loc: ['body', 'updates', 1],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input: 5,
        },
        { type: 'missing', loc: ['body', 'updates', 2, 'beacon_address'], msg: 'Field required', input: { proof: 'zz' } },
        {
          type: 'string_pattern_mismatch',
          loc: ['body', 'updates', 2, 'proof'],
          msg: "String should match pattern '^0x([0-9a-fA-F]{2})*$'",
          input: 'zz',
          ctx: { pattern: '^0x([0-9a-fA-F]{2})*$' },
        },
        {
          type: 'less_than_equal',
          loc: ['body', 'count'],
          msg: 'Input should be less than or equal to 100',
          input: 101,
          ctx: { le: 100 },
        },
      ]);
    });

    it('checks list lengths and types', async () => {
      const item = { beacon_address: ADDRESS, proof: '0x' };
      const long = await post('/batch')
        .send({ count: 1, updates: [item, item, item, item] })
        .expect(422);
      expect(long.body.detail).toEqual([
        {
          type: 'too_long',
          loc: ['body', 'updates'],
          msg: 'List should have at most 3 items after validation, not 4',
          input: [item, item, item, item],
          ctx: { field_type: 'List', max_length: 3, actual_length: 4 },
        },
      ]);
      const short = await post('/batch').send({ count: 1, updates: [] }).expect(422);
      expect(short.body.detail[0]).toEqual({
        type: 'too_short',
        loc: ['body', 'updates'],
        msg: 'List should have at least 1 item after validation, not 0',
        input: [],
        ctx: { field_type: 'List', min_length: 1, actual_length: 0 },
      });
      const notList = await post('/batch').send({ count: 1, updates: 'x' }).expect(422);
      expect(notList.body.detail[0]).toEqual({
        type: 'list_type',
        loc: ['body', 'updates'],
        msg: 'Input should be a valid list',
        input: 'x',
      });
    });

    it('reads JSON integers strictly', async () => {
      const item = { beacon_address: ADDRESS, proof: '0x' };
      const float = await post('/batch')
        .send({ count: 1.5, updates: [item] })
        .expect(422);
      expect(float.body.detail).toEqual([
        {
          type: 'int_from_float',
          loc: ['body', 'count'],
          msg: 'Input should be a valid integer, got a number with a fractional part',
          input: 1.5,
        },
      ]);
      const text = await post('/batch')
        .send({ count: '7', updates: [item] })
        .expect(200);
      expect(text.body.count).toBe(7);
      // A float literal this large (1e+21) was rounded by JSON.parse: refused, never guessed.
      const unsafe = await post('/batch')
        .send({ count: 1, measurement: 1e21, updates: [item] })
        .expect(422);
      expect(unsafe.body.detail[0]).toMatchObject({ type: 'value_error', loc: ['body', 'measurement'] });
    });

    it('keeps JSON integer literals beyond 2^53 exact for BigIntField, and IntField rejects them', async () => {
      const items = `[{"beacon_address": "${ADDRESS}", "proof": "0x"}]`;
      const raw = (body: string) => post('/batch').set('content-type', 'application/json').send(body);
      const big = await raw(`{"count": 1, "measurement": 123456789012345678901234567890, "updates": ${items}}`).expect(200);
      expect(big.body.measurement).toBe('123456789012345678901234567890');
      const exact = await raw(`{"count": 1, "measurement": ${2n ** 96n * 3n + 1n}, "updates": ${items}}`).expect(200);
      expect(exact.body.measurement).toBe((2n ** 96n * 3n + 1n).toString());
      const safe = await raw(`{"count": 1, "measurement": 9007199254740991, "updates": ${items}}`).expect(200);
      expect(safe.body.measurement).toBe('9007199254740991');
      const negative = await raw(`{"count": 1, "measurement": -90071992547409930, "updates": ${items}}`).expect(422);
      expect(negative.body.detail[0]).toMatchObject({ type: 'greater_than_equal', loc: ['body', 'measurement'], input: '-90071992547409930' });

      const count = await raw(`{"count": 90071992547409930, "updates": ${items}}`).expect(422);
      expect(count.body.detail).toEqual([
        {
          type: 'less_than_equal',
          loc: ['body', 'count'],
          msg: 'Input should be less than or equal to 100',
          input: '90071992547409930',
          ctx: { le: 100 },
        },
      ]);
    });
  });
});
