import { BeaconOpsApiError } from './beacon-ops-api-error';
import { createBeaconOpsClient, DataOf, UpdateAnswer } from './beacon-ops-client';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

function scriptedFetch(answer: (request: Request) => Answer) {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request);
    const { status, body, headers } = answer(request);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { fetch, seen };
}

const HASH = `0x${'ab'.repeat(32)}`;

describe('createBeaconOpsClient', () => {
  it('sends the token, the body and the Idempotency-Key, and resolves to the envelope data (an update: with confirmed and the message)', async () => {
    const { fetch, seen } = scriptedFetch(() => ({ status: 200, body: { success: true, data: `Transaction hash: ${HASH}`, message: 'OK', confirmed: true } }));
    const ops = createBeaconOpsClient({ baseUrl: 'http://ops.test', accessToken: 'tok', fetch });
    const answer: UpdateAnswer<DataOf<'routes_beacon_update_beacon_with_ecdsa_adapter'>> = await ops.updateBeaconWithEcdsaAdapter(
      { beacon_address: `0x${'11'.repeat(20)}`, measurement: '42' },
      { idempotencyKey: 'retry-1' },
    );
    expect(answer).toEqual({ data: `Transaction hash: ${HASH}`, confirmed: true, message: 'OK' });
    expect(seen[0].url).toBe('http://ops.test/update_beacon_with_ecdsa_adapter');
    expect(seen[0].headers.get('authorization')).toBe('Bearer tok');
    expect(seen[0].headers.get('idempotency-key')).toBe('retry-1');
    expect(await seen[0].json()).toEqual({ beacon_address: `0x${'11'.repeat(20)}`, measurement: '42' });
  });

  it("sends a group beacon's measurement as an array, and creates group beacons (their typed bodies)", async () => {
    const { fetch, seen } = scriptedFetch((request) =>
      request.url.endsWith('/create_group_ecdsa_beacon')
        ? { status: 200, body: { success: true, data: `Beacon address: 0x${'22'.repeat(20)}, tx: ${HASH}`, message: 'OK' } }
        : { status: 200, body: { success: true, data: `Transaction hash: ${HASH}`, message: 'OK', confirmed: true } },
    );
    const ops = createBeaconOpsClient({ baseUrl: 'http://ops.test', accessToken: 'tok', fetch });
    const measurement: string | string[] = ['47941000000000000', '226802000000000000', '354746000000000000'];
    expect(await ops.updateBeaconWithEcdsaAdapter({ beacon_address: `0x${'22'.repeat(20)}`, measurement })).toMatchObject({ confirmed: true });
    expect(await seen[0].json()).toEqual({ beacon_address: `0x${'22'.repeat(20)}`, measurement });
    expect(await ops.createGroupEcdsaBeacon({ size: 3, max_measurement: '1000000000000000000' })).toBe(`Beacon address: 0x${'22'.repeat(20)}, tx: ${HASH}`);
    expect(seen[1].url).toBe('http://ops.test/create_group_ecdsa_beacon');
    expect(await seen[1].json()).toEqual({ size: 3, max_measurement: '1000000000000000000' });
  });

  it('resolves an unconfirmed update to confirmed false; requireConfirmation asks for the 504 instead (require_confirmation=true)', async () => {
    const { fetch, seen } = scriptedFetch((request) =>
      new URL(request.url).searchParams.get('require_confirmation') === 'true'
        ? { status: 504, body: { success: false, data: null, message: `No receipt in time. Transaction hash: ${HASH}` } }
        : { status: 200, body: { success: true, data: `Transaction hash: ${HASH}`, message: `Sent, ... Transaction hash: ${HASH}`, confirmed: false } },
    );
    const ops = createBeaconOpsClient({ baseUrl: 'http://ops.test', accessToken: 'tok', fetch });
    const body = { beacon_address: `0x${'11'.repeat(20)}`, proof: '0x', public_signals: '0x' };
    expect(await ops.updateBeacon(body)).toMatchObject({ data: `Transaction hash: ${HASH}`, confirmed: false });
    expect(seen[0].url).toBe('http://ops.test/update_beacon');
    const error = await ops.updateBeacon(body, { requireConfirmation: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 504, code: 'receipt_timeout', transactionHash: HASH });
    expect(seen[1].url).toBe('http://ops.test/update_beacon?require_confirmation=true');
  });

  it('throws a BeaconOpsApiError for success false, with the hash a 504 names', async () => {
    const { fetch } = scriptedFetch(() => ({
      status: 504,
      body: { success: false, data: null, message: `No receipt in time. Transaction hash: ${HASH}` },
      headers: { 'x-request-id': 'req-9' },
    }));
    const ops = createBeaconOpsClient({ baseUrl: 'http://ops.test', accessToken: 'tok', fetch });
    const error = await ops.createRegistryBeacon().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BeaconOpsApiError);
    expect(error).toMatchObject({ status: 504, code: 'receipt_timeout', requestId: 'req-9', transactionHash: HASH });
  });

  it('names a 401 and a 429 with its Retry-After', async () => {
    const { fetch } = scriptedFetch((request) =>
      request.headers.has('authorization')
        ? { status: 429, body: { success: false, data: null, message: 'Rate limit exceeded' }, headers: { 'retry-after': '12' } }
        : { status: 401, body: { success: false, data: null, message: 'Authentication failed: missing bearer token' } },
    );
    await expect(createBeaconOpsClient({ baseUrl: 'http://ops.test', fetch }).batchCreateRegistryBeacon({ count: 1 })).rejects.toMatchObject({
      status: 401,
      code: 'unauthenticated',
      detail: 'Authentication failed: missing bearer token',
    });
    await expect(createBeaconOpsClient({ baseUrl: 'http://ops.test', accessToken: 't', fetch }).batchCreateRegistryBeacon({ count: 1 })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfterSeconds: 12,
    });
  });
});
