import { Perp__factory, PerpFactory__factory, pushEcdsaIndex } from '@perp/contracts/testing';
import { getFreePort, ManagedProcess } from '@perp/local-infra';
import { devServiceEnv } from '@perp/service';
import { priceToX96 } from '@perp/x96-math';
import { hexlify, randomBytes } from 'ethers';
import { startApp } from '../dev-stack/service-process';
import { anvilWallet, PerpCityStack, STACK_API_KEY, startPerpCityStack } from '../test/perp-city-stack';

const TOKEN = 'touch-live-beacon-ops-token-0123456789';
/** anvil 3 signs the stack's beacon; the pool pays from 4 and 5 (0 deployed, 1 trades). */
const SIGNER_ACCOUNT = 3;
const POOL_ACCOUNTS = [4, 5];
/** The direct path's sender (the ceiling). */
const DIRECT_ACCOUNT = 6;

/**
 * The dev chain's path from an ECDSA update to a served index: the protocol double on anvil with
 * two markets on the stack's ECDSA beacon, the indexer (its own process), market-data and beacon-ops
 * (built apps, real HTTP), beacon-ops touching the beacon's perps it reads from that market-data.
 */
export interface TouchLiveStack {
  stack: PerpCityStack;
  beacon: string;
  perps: string[];
  beaconOpsUrl: string;
  /** The built beacon-ops process (its pid for CPU figures). */
  beaconOps: ManagedProcess;
  stop(): Promise<void>;
}

export async function startTouchLiveStack(options: { flushMs?: number } = {}): Promise<TouchLiveStack> {
  const stack = await startPerpCityStack();
  try {
    const deployer = anvilWallet(0, stack.provider);
    const beacon = stack.addresses.modules.beacon.toLowerCase();
    // A second market of the same factory (the indexer follows it) on the same beacon: one update, two perps to touch.
    const factory = PerpFactory__factory.connect(stack.addresses.factory, deployer);
    const created = await (
      await factory.createPerp(deployer.address, 'Second Perp', 'SECOND', '', stack.addresses.modules, 3600, hexlify(randomBytes(32)), {
        nonce: await deployer.getNonce('pending'),
      })
    ).wait();
    const second = created?.logs
      .filter((log) => log.address.toLowerCase() === stack.addresses.factory.toLowerCase())
      .map((log) => factory.interface.parseLog(log))
      .find((log) => log?.name === 'PerpCreated')?.args['perp'] as string | undefined;
    if (!second) throw new Error('createPerp emitted no PerpCreated');
    const perps = [stack.addresses.perp, second].map((p) => p.toLowerCase()).sort();
    await stack.indexed();
    await stack.pg.createDatabase('beacon_ops');
    const port = await getFreePort();
    const beaconOps = await startApp('beacon-ops', port, {
      ...devServiceEnv(),
      PATH: process.env['PATH'],
      BEACON_OPS_PORT: String(port),
      BEACON_OPS_HOST: '127.0.0.1',
      METRICS_PORT: 'off',
      LOG_LEVEL: 'warn',
      BEACON_OPS_DATABASE_URL: stack.pg.url('beacon_ops'),
      RPC_URL: stack.anvil.url,
      WALLET_PRIVATE_KEYS: POOL_ACCOUNTS.map((i) => anvilWallet(i, stack.provider).privateKey).join(','),
      SIGNER_PRIVATE_KEY: anvilWallet(SIGNER_ACCOUNT, stack.provider).privateKey,
      BEACON_OPS_ACCESS_TOKENS: TOKEN,
      ECDSA_BEACON_ADDRESSES: beacon,
      MULTICALL3_ADDRESS: stack.multicall3,
      RECEIPT_POLL_INTERVAL_MS: '50',
      TOUCH_MARKET_DATA_URL: stack.marketDataUrl,
      TOUCH_MARKET_DATA_API_KEY: STACK_API_KEY,
      TOUCH_FLUSH_MS: String(options.flushMs ?? 1000),
      // The bench's updates come faster than a minute's default allowance.
      RATE_LIMIT_TRANSACTIONS_PER_MINUTE: '100000',
    });
    return {
      stack,
      beacon,
      perps,
      beaconOps,
      beaconOpsUrl: `http://127.0.0.1:${port}`,
      async stop() {
        await beaconOps.stop();
        await stack.stop();
      },
    };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** Sends an update of the beacon to `price` and resolves to its mined transaction's hash. */
export type UpdateSender = (live: TouchLiveStack, price: string) => Promise<string>;

/** POST /update_beacon_with_ecdsa_adapter; beacon-ops touches the perps after it. */
export const viaBeaconOps: UpdateSender = async (live, price) => {
  const res = await fetch(`${live.beaconOpsUrl}/update_beacon_with_ecdsa_adapter`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ beacon_address: live.beacon, measurement: priceToX96(price).toString() }),
  });
  const body = (await res.json()) as { success: boolean; confirmed: boolean; data: string };
  const hash = /^Transaction hash: (0x[0-9a-f]{64})$/.exec(body.data ?? '')?.[1];
  if (res.status !== 200 || !body.success || !body.confirmed || !hash) throw new Error(`update answered ${res.status} ${JSON.stringify(body)}`);
  return hash;
};

/**
 * The ceiling: the same update signed and sent straight from a wallet with ethers, and both perps
 * touched by it at once (no service, no window): what the chain, the indexer and market-data take.
 */
export const direct: UpdateSender = async (live, price) => {
  const { stack, beacon, perps } = live;
  const sender = anvilWallet(DIRECT_ACCOUNT, stack.provider);
  const signer = anvilWallet(SIGNER_ACCOUNT, stack.provider);
  await pushEcdsaIndex(beacon, signer, sender, priceToX96(price));
  const [updated] = await stack.provider
    .send('eth_getBlockByNumber', ['latest', true])
    .then((b: { transactions: { hash: string; from: string }[] }) =>
      b.transactions.filter((t) => t.from.toLowerCase() === sender.address.toLowerCase()).map((t) => t.hash),
    );
  let nonce = await sender.getNonce('pending');
  await Promise.all(perps.map(async (perp) => (await Perp__factory.connect(perp, sender).touch({ nonce: nonce++, gasLimit: 500_000 })).wait()));
  return updated;
};

/** One update timed through to the served index. */
export interface TouchLiveSample {
  price: string;
  /** Request sent -> update answered (confirmed). */
  answeredMs: number;
  /** Request sent -> every perp's CumulativesAccrued (the touch) in a block after the update's. */
  touchedMs: number;
  /** Request sent -> market-data's /markets/{perp}/live serving the new index for every perp. */
  servedMs: number;
  /** rates().lastTouch of each perp minus the update block's timestamp (s). */
  lastTouchAfterUpdateS: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POSTs /update_beacon_with_ecdsa_adapter with `price` (X96) and polls (every `pollMs`) the chain for the
 * perps' touch and market-data for the served index, until both or `timeoutMs`.
 */
export async function timedUpdate(
  live: TouchLiveStack,
  price: string,
  { pollMs = 20, timeoutMs = 30_000, send = viaBeaconOps }: { pollMs?: number; timeoutMs?: number; send?: UpdateSender } = {},
): Promise<TouchLiveSample> {
  const { stack, perps } = live;
  // Outside the timing: a touch in the same chain second as the perps' last one accrues nothing and
  // logs nothing, so each update starts in a later second than the previous sample's touches.
  await sleep(1_100);
  const started = performance.now();
  const hash = await send(live, price);
  const answeredMs = performance.now() - started;
  const receipt = await stack.provider.getTransactionReceipt(hash);
  if (!receipt) throw new Error(`no receipt for ${hash}`);
  if (!receipt.status) throw new Error(`update ${hash} reverted`);
  const updatedAt = (await stack.provider.getBlock(receipt.blockNumber))!.timestamp;
  const contracts = perps.map((perp) => Perp__factory.connect(perp, stack.provider));

  let touchedMs: number | undefined;
  let servedMs: number | undefined;
  const deadline = started + timeoutMs;
  while ((touchedMs === undefined || servedMs === undefined) && performance.now() < deadline) {
    if (touchedMs === undefined && (await stack.provider.getBlockNumber()) > receipt.blockNumber) {
      const touched = await Promise.all(
        contracts.map(async (c) => (await c.queryFilter(c.getEvent('CumulativesAccrued'), receipt.blockNumber + 1)).length > 0),
      );
      if (touched.every(Boolean)) touchedMs = performance.now() - started;
    }
    if (servedMs === undefined) {
      const served = await Promise.all(
        perps.map(async (perp) => {
          const answer = await fetch(`${stack.marketDataUrl}/markets/${perp}/live`, { headers: { 'X-API-Key': STACK_API_KEY } });
          return answer.ok && ((await answer.json()) as { index_price: string | null }).index_price === price;
        }),
      );
      if (served.every(Boolean)) servedMs = performance.now() - started;
    }
    if (touchedMs === undefined || servedMs === undefined) await sleep(pollMs);
  }
  if (touchedMs === undefined || servedMs === undefined) {
    throw new Error(
      `after ${timeoutMs} ms: ${touchedMs === undefined ? 'perps not touched' : ''} ${servedMs === undefined ? `index ${price} not served` : ''}`,
    );
  }
  const lastTouchAfterUpdateS = await Promise.all(contracts.map(async (c) => Number((await c.rates()).lastTouch) - updatedAt));
  return { price, answeredMs, touchedMs, servedMs, lastTouchAfterUpdateS };
}
