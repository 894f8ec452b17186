import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { BigIntOrListField } from './field-decorators';
import { createTestApp } from './test-app.spec-helper';

class MeasurementBody {
  @BigIntOrListField({ required: true, ge: 0n, le: 2n ** 256n - 1n, maxItems: 3 }) measurement!: bigint | bigint[];
}

@Controller()
class MeasurementController {
  @Post('m')
  @HttpCode(200)
  take(@Body() body: MeasurementBody) {
    const value = body.measurement;
    return { kind: Array.isArray(value) ? 'list' : 'single', values: (Array.isArray(value) ? value : [value]).map(String) };
  }
}

/** One uint256 or a non-empty bounded list of them (beacon-ops' `measurement`), issues placed at the element. */
describe('BigIntOrListField', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createTestApp([MeasurementController], { errors: 'detail' });
  });
  afterAll(() => app?.close());
  const post = (body: string) => request(app.getHttpServer()).post('/m').set('content-type', 'application/json').send(body);

  it('takes one value (string or JSON integer of any size) as a bigint, and a list as bigint[]', async () => {
    expect((await post('{"measurement":"42"}').expect(200)).body).toEqual({ kind: 'single', values: ['42'] });
    expect((await post('{"measurement":115792089237316195423570985008687907853269984665640564039457584007913129639935}').expect(200)).body).toEqual({
      kind: 'single',
      values: [(2n ** 256n - 1n).toString()],
    });
    expect((await post('{"measurement":["1", 2, "3"]}').expect(200)).body).toEqual({ kind: 'list', values: ['1', '2', '3'] });
    expect((await post('{"measurement":["7"]}').expect(200)).body).toEqual({ kind: 'list', values: ['7'] });
  });

  it('refuses an empty or too long list, and names a bad element by its index with its own input', async () => {
    expect((await post('{"measurement":[]}').expect(422)).body.detail).toEqual([
      expect.objectContaining({ type: 'too_short', loc: ['body', 'measurement'], input: [] }),
    ]);
    expect((await post('{"measurement":["1","2","3","4"]}').expect(422)).body.detail).toEqual([
      expect.objectContaining({ type: 'too_long', loc: ['body', 'measurement'] }),
    ]);
    expect((await post('{"measurement":["1","x","3"]}').expect(422)).body.detail).toEqual([
      expect.objectContaining({ type: 'int_parsing', loc: ['body', 'measurement', 1], input: 'x' }),
    ]);
    expect((await post('{"measurement":["1","2",-3]}').expect(422)).body.detail).toEqual([
      expect.objectContaining({ type: 'greater_than_equal', loc: ['body', 'measurement', 2], input: -3 }),
    ]);
    expect((await post('{"measurement":{"a":1}}').expect(422)).body.detail).toEqual([
      expect.objectContaining({ type: 'int_type', loc: ['body', 'measurement'] }),
    ]);
    expect((await post('{}').expect(422)).body.detail).toEqual([expect.objectContaining({ type: 'missing', loc: ['body', 'measurement'] })]);
  });
});
