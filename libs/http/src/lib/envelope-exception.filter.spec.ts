import { Body, Controller, HttpCode, Post, UnauthorizedException } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { BeaconOpsError } from './beacon-ops.error';
import { Envelope, ok } from './envelope';
import { AddressField, BigIntField, IntField } from './field-decorators';
import { RecordingLogger, createTestApp } from './test-app.spec-helper';

const BEACON = '0x1111111111111111111111111111111111111111';

class BatchCreateBody {
  @IntField({ required: true, ge: 1, le: 100 }) count!: number;
}

class RegisterBody {
  @AddressField({ required: true }) beacon_address!: string;
  @AddressField({ required: true }) registry_address!: string;
}

class EcdsaUpdateBody {
  @AddressField({ required: true }) beacon_address!: string;
  @BigIntField({ required: true, ge: 0n }) measurement!: bigint;
}

@Controller()
class BeaconController {
  @Post('batch_create_registry_beacon')
  @HttpCode(200)
  batch(@Body() body: BatchCreateBody): Envelope<{ created_count: number }> {
    return ok({ created_count: body.count });
  }

  @Post('register_beacon')
  @HttpCode(200)
  register(@Body() body: RegisterBody): Envelope<string> {
    return ok(`Transaction hash: 0xabc for ${body.beacon_address}`);
  }

  @Post('update_beacon_with_ecdsa_adapter')
  @HttpCode(200)
  update(@Body() body: EcdsaUpdateBody): Envelope<string> {
    return ok(`measurement ${body.measurement.toString()}`);
  }

  @Post('create_registry_beacon')
  @HttpCode(200)
  create(): Envelope<string> {
    return ok(`Beacon address: ${BEACON}, tx: 0xdef`);
  }

  @Post('unauthorized')
  unauthorized() {
    throw new UnauthorizedException('Authentication failed');
  }

  @Post('beacon_not_found')
  notFound() {
    throw new BeaconOpsError(404, 'Beacon not found');
  }

  @Post('invalid_proof')
  invalidProof() {
    throw new BeaconOpsError(422, 'Invalid proof');
  }

  @Post('insufficient_gas')
  gas() {
    throw new BeaconOpsError(503, 'Insufficient gas');
  }

  @Post('rpc_down')
  rpc() {
    throw new BeaconOpsError(502, 'Chain RPC unavailable');
  }

  @Post('receipt_timeout')
  timeout() {
    throw new BeaconOpsError(504, 'No receipt in time for transaction 0xfeed');
  }

  @Post('boom')
  boom() {
    throw new TypeError('private key 0xdeadbeef not loaded');
  }
}

describe('EnvelopeExceptionFilter (beacon-ops errors, real HTTP)', () => {
  let app: NestFastifyApplication;
  const logger = new RecordingLogger();
  const answered: Array<[string, number]> = [];
  const post = (url: string) => request(app.getHttpServer()).post(url);
  const failure = (message: string) => ({ success: false, data: null, message });

  beforeAll(async () => {
    app = await createTestApp([BeaconController], {
      errors: 'envelope',
      logger,
      answered: (error, status) => answered.push([(error as Error).message, status]),
    });
  });
  afterAll(() => app.close());

  it('wraps successes with ok()', async () => {
    expect((await post('/batch_create_registry_beacon').send({ count: 3 }).expect(200)).body).toEqual({
      success: true,
      data: { created_count: 3 },
      message: 'OK',
    });
    // A body-less route accepts an empty JSON body, as FastAPI does.
    const res = await post('/create_registry_beacon').set('Content-Type', 'application/json').send('').expect(200);
    expect(res.body.data).toBe(`Beacon address: ${BEACON}, tx: 0xdef`);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await post('/batch_create_registry_beacon').set('Content-Type', 'application/json').send('{"count": }').expect(400);
    expect(res.body).toEqual(failure('Malformed JSON body: Expecting value at position 10'));
  });

  it('answers invalid fields with 422, naming each one', async () => {
    const count = await post('/batch_create_registry_beacon').send({ count: 101 }).expect(422);
    expect(count.body).toEqual(failure('Invalid request: body.count: Input should be less than or equal to 100'));

    const register = await post('/register_beacon').send({ registry_address: 'nope' }).expect(422);
    expect(register.body).toEqual(
      failure("Invalid request: body.beacon_address: Field required; body.registry_address: String should match pattern '^0x[0-9a-fA-F]{40}$'"),
    );

    const noBody = await post('/register_beacon').expect(422);
    expect(noBody.body).toEqual(failure('Invalid request: body: Field required'));
  });

  it('takes a uint256 measurement as a decimal string', async () => {
    const big = '115792089237316195423570985008687907853269984665640564039457584007913129639935';
    const res = await post('/update_beacon_with_ecdsa_adapter').send({ beacon_address: BEACON, measurement: big }).expect(200);
    expect(res.body.data).toBe(`measurement ${big}`);
  });

  it.each([
    ['/unauthorized', 401, 'Authentication failed'],
    ['/beacon_not_found', 404, 'Beacon not found'],
    ['/invalid_proof', 422, 'Invalid proof'],
    ['/insufficient_gas', 503, 'Insufficient gas'],
    ['/rpc_down', 502, 'Chain RPC unavailable'],
    ['/receipt_timeout', 504, 'No receipt in time for transaction 0xfeed'],
  ])('maps %s to %i', async (path, status, message) => {
    const res = await post(path).expect(status);
    expect(res.body).toEqual(failure(message));
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const res = await request(app.getHttpServer()).get('/nope').expect(404);
    expect(res.body).toEqual(failure('Route not found'));
  });

  it('sanitises unexpected errors and logs the real one', async () => {
    const res = await post('/boom').expect(500);
    expect(res.body).toEqual(failure('Internal server error'));
    expect(res.text).not.toContain('deadbeef');
    expect(logger.lines.some((line) => line.includes('private key 0xdeadbeef'))).toBe(true);
  });

  it('tells the app of each error it answered, once, with the status given: not of successes', async () => {
    answered.length = 0;
    await post('/batch_create_registry_beacon').send({ count: 3 }).expect(200);
    await post('/insufficient_gas').expect(503);
    await post('/boom').expect(500);
    expect(answered).toEqual([
      ['Insufficient gas', 503],
      ['private key 0xdeadbeef not loaded', 500],
    ]);
  });
});
