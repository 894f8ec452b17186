import { deployPerpCity, Perp__factory } from '@perp/contracts/testing';
import { waitUntil } from '@perp/local-infra';
import { priceToX96 } from '@perp/x96-math';
import { Wallet } from 'ethers';
import { anvilKey } from '../test/anvil-keys';
import { ChainEnv, ServiceApp, startChainEnv } from '../test/beacon-test-env';
import { startMarketsServer, MarketsServer } from '../test/markets-server';
import { PerpTouches } from './perp-touches';
import { touchMetrics } from './touch-metrics';

const TX_DATA = /^Transaction hash: (0x[0-9a-f]{64})$/;

interface JournalRow {
  kind: string;
  status: string;
  tx_hash: string;
  block_number: number | null;
  request: { perps?: string[]; beacons?: string[] };
}

async function rows(service: ServiceApp, kind?: string): Promise<JournalRow[]> {
  const all = (await service.db.query(`SELECT request_kind AS kind, status, tx_hash, block_number, request FROM tx_journal ORDER BY id`)) as JournalRow[];
  return all.map((r) => ({ ...r, block_number: r.block_number === null ? null : Number(r.block_number) })).filter((r) => !kind || r.kind === kind);
}

async function failures(reason: string): Promise<number> {
  return (await touchMetrics.failures.get()).values.filter((v) => v.labels['reason'] === reason).reduce((sum, v) => sum + v.value, 0);
}

/**
 * Touch after update on anvil: two Perp City markets (the perp double) on one ECDSA beacon the service
 * signs for, market-data's /markets as a server the test can take down. After a confirmed update the
 * beacon's perps are touched (rates().lastTouch moves to the touch's block) in one Multicall3
 * transaction per window, journaled, and nothing of it changes the update's answer.
 */
describe('touch after update', () => {
  let env: ChainEnv;
  let markets: MarketsServer;
  let beacon: string;
  let perps: string[];
  let service: ServiceApp;
  let touches: PerpTouches;

  const update = async (svc: ServiceApp, price: string) => {
    // Time passes between updates: a touch in a later second than the perps' last one accrues (and logs).
    await env.infra.rpc('evm_increaseTime', [5]);
    const res = await svc.post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacon, measurement: priceToX96(price).toString() });
    expect({ status: res.status, success: res.body.success, confirmed: res.body.confirmed, message: res.body.message }).toEqual({
      status: 200,
      success: true,
      confirmed: true,
      message: 'OK',
    });
    return TX_DATA.exec(res.body.data)![1];
  };
  const lastTouch = async (perp: string) => (await Perp__factory.connect(perp, env.infra.chain).rates()).lastTouch;
  const blockTime = async (hash: string) => (await env.infra.chain.getBlock((await env.infra.chain.getTransactionReceipt(hash))!.blockNumber))!.timestamp;

  beforeAll(async () => {
    env = await startChainEnv();
    // The beacon's signer is the service's (anvil 9); a second market on the same beacon.
    const first = await deployPerpCity(env.deployer, { initialIndexX96: priceToX96('47'), beaconSigner: new Wallet(anvilKey(9), env.infra.chain) });
    beacon = first.modules.beacon.toLowerCase();
    const second = await deployPerpCity(env.deployer, { initialIndexX96: priceToX96('47'), beacon });
    perps = [first.perp, second.perp].map((p) => p.toLowerCase()).sort();
    markets = await startMarketsServer();
    markets.perps.set(beacon, perps);
    service = await env.startService({
      ECDSA_BEACON_ADDRESSES: beacon,
      TOUCH_MARKET_DATA_URL: markets.url,
      TOUCH_MARKET_DATA_API_KEY: markets.apiKey,
      TOUCH_FLUSH_MS: '1000',
      TOUCH_PERPS_TTL_MS: '0',
      TOUCH_PERPS_EMPTY_TTL_MS: '0',
      TOUCH_MARKET_DATA_TIMEOUT_MS: '300',
    });
    touches = service.app.get(PerpTouches);
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
    await markets?.close();
  });

  it('touches each perp of the beacon once per window, in one journaled Multicall3 transaction with an explicit gas limit', async () => {
    markets.requests.length = 0;
    const before = await Promise.all(perps.map(lastTouch));
    const sentBefore = (await touchMetrics.perpsSent.get()).values[0]?.value ?? 0;
    const charged = async () =>
      Number(((await service.db.query(`SELECT coalesce(sum(amount), 0) AS n FROM token_usage WHERE metric = 'transactions'`)) as { n: string }[])[0].n);
    const chargedBefore = await charged();
    // Two updates in one window: one touch of each perp.
    await update(service, '48');
    const second = await update(service, '49');
    await waitUntil('a touch journaled', async () => (await rows(service, 'touch_perps')).length > 0, { timeoutMs: 5_000, intervalMs: 50 });
    await touches.settled();

    const touched = await rows(service, 'touch_perps');
    expect(touched).toHaveLength(1);
    expect(touched[0]).toMatchObject({ status: 'confirmed', request: { perps, beacons: [beacon] } });
    const touchedAt = await blockTime(touched[0].tx_hash);
    expect(touchedAt).toBeGreaterThanOrEqual(await blockTime(second));
    for (const [i, perp] of perps.entries()) {
      expect(await lastTouch(perp)).toBe(BigInt(touchedAt));
      expect(await lastTouch(perp)).toBeGreaterThan(before[i]);
    }
    const tx = await env.infra.chain.getTransaction(touched[0].tx_hash);
    expect(tx!.to!.toLowerCase()).toBe(env.system.multicall3.toLowerCase());
    expect(tx!.gasLimit).toBe(200_000n + 300_000n * 2n); // TOUCH_GAS_BASE + TOUCH_GAS_PER_PERP x perps
    expect(((await touchMetrics.perpsSent.get()).values[0]?.value ?? 0) - sentBefore).toBe(2);
    // The caller's token is charged for its two updates, not for the touch that followed them.
    expect((await charged()) - chargedBefore).toBe(2);
    // market-data was asked with the service's own key, for this beacon, a full page.
    expect(markets.requests).toEqual([{ query: `?beacon=${beacon}&limit=500&offset=0`, apiKey: markets.apiKey }]);
  }, 60_000);

  it('touches the perps of the last answer while market-data is down, and none (no error) for a beacon it never answered', async () => {
    markets.mode = 'down';
    const downBefore = await failures('market_data');
    const countBefore = (await rows(service, 'touch_perps')).length;
    const hash = await update(service, '50');
    await waitUntil('a touch journaled', async () => (await rows(service, 'touch_perps')).length > countBefore, { timeoutMs: 5_000, intervalMs: 50 });
    await touches.settled();
    const touched = (await rows(service, 'touch_perps')).slice(countBefore);
    expect(touched).toHaveLength(1);
    expect(touched[0].request.perps).toEqual(perps);
    expect(await lastTouch(perps[0])).toBe(BigInt(await blockTime(touched[0].tx_hash)));
    expect(await blockTime(touched[0].tx_hash)).toBeGreaterThanOrEqual(await blockTime(hash));
    expect((await failures('market_data')) - downBefore).toBe(1);

    // A slow market-data (no answer within TOUCH_MARKET_DATA_TIMEOUT_MS) is the same as a down one.
    markets.mode = 'hang';
    const slowBefore = await failures('market_data');
    await update(service, '51');
    await waitUntil('a touch journaled', async () => (await rows(service, 'touch_perps')).length > countBefore + 1, { timeoutMs: 5_000, intervalMs: 50 });
    await touches.settled();
    expect((await failures('market_data')) - slowBefore).toBe(1);

    // A replica that never had an answer touches nothing and answers the update as always.
    markets.mode = 'down';
    const fresh = await env.startService({
      ECDSA_BEACON_ADDRESSES: beacon,
      TOUCH_MARKET_DATA_URL: markets.url,
      TOUCH_MARKET_DATA_API_KEY: markets.apiKey,
      TOUCH_FLUSH_MS: '100',
    });
    const countFresh = (await rows(service, 'touch_perps')).length;
    await update(fresh, '52');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await fresh.app.get(PerpTouches).settled();
    expect(await rows(service, 'touch_perps')).toHaveLength(countFresh);
    await fresh.close();
    markets.mode = 'up';
  }, 60_000);

  it("a perp whose touch reverts is counted and leaves the others touched (allowFailure); a wrong key touches nothing; the update's answer is the same", async () => {
    // The beacon itself has no touch(): its sub-call reverts.
    markets.perps.set(beacon, [...perps, beacon]);
    const perpBefore = await failures('perp');
    const countBefore = (await rows(service, 'touch_perps')).length;
    await update(service, '53');
    await waitUntil('a touch journaled', async () => (await rows(service, 'touch_perps')).length > countBefore, { timeoutMs: 5_000, intervalMs: 50 });
    await touches.settled();
    const [touched] = (await rows(service, 'touch_perps')).slice(countBefore);
    expect(touched.status).toBe('confirmed');
    for (const perp of perps) expect(await lastTouch(perp)).toBe(BigInt(await blockTime(touched.tx_hash)));
    expect((await failures('perp')) - perpBefore).toBe(1);
    markets.perps.set(beacon, perps);

    // market-data refusing the key: an error of the lookup, nothing touched by a service that never had an answer.
    const wrongKey = await env.startService({
      ECDSA_BEACON_ADDRESSES: beacon,
      TOUCH_MARKET_DATA_URL: markets.url,
      TOUCH_MARKET_DATA_API_KEY: 'not-the-key',
      TOUCH_FLUSH_MS: '100',
    });
    const refusedBefore = await failures('market_data');
    const countWrong = (await rows(service, 'touch_perps')).length;
    await update(wrongKey, '54');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await wrongKey.app.get(PerpTouches).settled();
    expect(await rows(service, 'touch_perps')).toHaveLength(countWrong);
    expect((await failures('market_data')) - refusedBefore).toBe(1);
    await wrongKey.close();
  }, 60_000);

  it("a perp already accrued in its block's second (a trade, another touch) is no failure: counted apart, the others touched", async () => {
    const perpBefore = await failures('perp');
    const currentBefore = (await touchMetrics.perpsAlreadyCurrent.get()).values[0]?.value ?? 0;
    const countBefore = (await rows(service, 'touch_perps')).length;
    await update(service, '56');
    // From here every block has the update's second: a touch of the first perp now leaves the batch's touch of it nothing to do.
    await env.infra.rpc('anvil_setBlockTimestampInterval', [0]);
    try {
      await (await Perp__factory.connect(perps[0], env.deployer).touch()).wait();
      await waitUntil('a touch journaled', async () => (await rows(service, 'touch_perps')).length > countBefore, { timeoutMs: 5_000, intervalMs: 50 });
      await touches.settled();
    } finally {
      await env.infra.rpc('anvil_removeBlockTimestampInterval', []);
    }
    const [touched] = (await rows(service, 'touch_perps')).slice(countBefore);
    expect(touched.status).toBe('confirmed');
    const receipt = await env.infra.chain.getTransactionReceipt(touched.tx_hash);
    const logged = new Set((receipt?.logs ?? []).map((log) => log.address.toLowerCase()));
    expect([logged.has(perps[0]), logged.has(perps[1])]).toEqual([false, true]);
    for (const perp of perps) expect(await lastTouch(perp)).toBe(BigInt(await blockTime(touched.tx_hash)));
    expect((await failures('perp')) - perpBefore).toBe(0);
    expect(((await touchMetrics.perpsAlreadyCurrent.get()).values[0]?.value ?? 0) - currentBefore).toBe(1);
  }, 60_000);

  it('is off unless TOUCH_MARKET_DATA_URL is set', async () => {
    const off = await env.startService({ ECDSA_BEACON_ADDRESSES: beacon, TOUCH_FLUSH_MS: '100' });
    markets.requests.length = 0;
    const countBefore = (await rows(service, 'touch_perps')).length;
    await update(off, '55');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rows(service, 'touch_perps')).toHaveLength(countBefore);
    expect(markets.requests).toEqual([]);
    await off.close();
  }, 60_000);
});
