import { migrateStore } from '@perp/index-db';
import { AnvilNode, PostgresServer, rpcCall, startAnvil, startTestPostgres, waitUntil, withPgClient } from '@perp/local-infra';
import { deployEcdsaBeacon, EcdsaBeacon__factory, encodeEcdsaInputs, signMeasurement } from '@perp/contracts';
import { HDNodeWallet, JsonRpcProvider, Mnemonic, Wallet } from 'ethers';
import { ANVIL_MNEMONIC } from '@perp/local-infra';
import { loadIndexerSettings, IndexerSettings } from '../settings';

export const Q96 = 2n ** 96n;
const FAR_DEADLINE = 2n ** 48n;

/** anvil's dev account `i` (the test chain's published keys). */
function devWallet(i: number, provider: JsonRpcProvider): Wallet {
  const node = HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(ANVIL_MNEMONIC), `m/44'/60'/0'/0/${i}`);
  return new Wallet(node.privateKey, provider);
}

export interface IndexerTestEnv {
  postgres: PostgresServer;
  anvil: AnvilNode;
  provider: JsonRpcProvider;
  indexUrl: string;
  beacons: string[];
  /** Sends a signed IndexUpdated to `beacon`; resolves with the block it was mined in. */
  pushUpdate(beacon: string, value: bigint): Promise<number>;
  /** Sends the updates, in this order, into one block; resolves with that block. */
  pushUpdatesInOneBlock(updates: [beacon: string, value: bigint][]): Promise<number>;
  mine(blocks: number): Promise<void>;
  head(): Promise<number>;
  settings(overrides?: Record<string, string>): IndexerSettings;
  env(overrides?: Record<string, string>): Record<string, string>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/** A real Postgres with the index store migrated, a real anvil with ECDSA beacons, and one market per beacon in `markets`. */
export async function startIndexerTestEnv({ beacons: beaconCount = 2, listed }: { beacons?: number; listed?: number } = {}): Promise<IndexerTestEnv> {
  const postgres = await startTestPostgres(['perp_index']);
  const anvil = await startAnvil();
  const indexUrl = postgres.url('perp_index');
  await migrateStore('index', indexUrl);
  const provider = new JsonRpcProvider(anvil.url, undefined, { staticNetwork: true, cacheTimeout: -1 });
  const deployer = devWallet(0, provider);
  const signer = devWallet(1, provider);
  // No NonceManager: a reorg drops sent transactions, and the next nonce must come from the chain again.
  const submitter = devWallet(2, provider);
  const beacons: string[] = [];
  for (let i = 0; i < beaconCount; i++) {
    const { beacon } = await deployEcdsaBeacon(deployer, { signer: signer.address, min: 0, max: 2n ** 200n });
    beacons.push(beacon.toLowerCase());
  }
  for (const [i, beacon] of beacons.slice(0, listed ?? beaconCount).entries())
    await insertMarket(indexUrl, `0x${(i + 1).toString(16).padStart(40, 'a')}`, beacon);
  let nonce = 1n;
  const query = <T>(sql: string, params: unknown[] = []) => withPgClient(indexUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const defaults = {
    INDEX_DATABASE_URL: indexUrl,
    RPC_URL: anvil.url,
    INDEXER_HOST: '127.0.0.1',
    INDEXER_PORT: '0',
    CONFIRMATIONS: '0',
    POLL_INTERVAL_MS: '50',
    LOG_WINDOW_INITIAL_BLOCKS: '2',
    LOG_WINDOW_MAX_BLOCKS: '64',
    RETRY_MIN_MS: '50',
    RETRY_MAX_MS: '400',
    LOCK_RETRY_MS: '100',
    RPC_TIMEOUT_MS: '2000',
    STORE_TIMEOUT_MS: '2000',
    LOG_LEVEL: 'silent',
  };
  const env = (overrides: Record<string, string> = {}) => ({ ...defaults, ...overrides });
  return {
    postgres,
    anvil,
    provider,
    indexUrl,
    beacons,
    async pushUpdate(beacon, value) {
      const adapter = await EcdsaBeacon__factory.connect(beacon, provider).verifierAdapter();
      const measurement = { measurement: value, nonce: nonce++, deadline: FAR_DEADLINE };
      const proof = await signMeasurement(signer, adapter, anvil.chainId, measurement);
      const receipt = await (
        await EcdsaBeacon__factory.connect(beacon, submitter).updateIndex(proof, encodeEcdsaInputs(measurement), { gasLimit: 1_000_000 })
      ).wait();
      return receipt!.blockNumber;
    },
    async pushUpdatesInOneBlock(updates) {
      await rpcCall(anvil.url, 'evm_setAutomine', [false]);
      try {
        let txNonce = await submitter.getNonce('pending');
        const sent = [];
        for (const [beacon, value] of updates) {
          const adapter = await EcdsaBeacon__factory.connect(beacon, provider).verifierAdapter();
          const measurement = { measurement: value, nonce: nonce++, deadline: FAR_DEADLINE };
          const proof = await signMeasurement(signer, adapter, anvil.chainId, measurement);
          sent.push(
            await EcdsaBeacon__factory.connect(beacon, submitter).updateIndex(proof, encodeEcdsaInputs(measurement), { gasLimit: 1_000_000, nonce: txNonce++ }),
          );
        }
        await rpcCall(anvil.url, 'evm_mine', []);
        const receipts = await Promise.all(sent.map((tx) => tx.wait()));
        const blocks = new Set(receipts.map((r) => r!.blockNumber));
        if (blocks.size !== 1) throw new Error(`the updates landed in ${blocks.size} blocks`);
        return receipts[0]!.blockNumber;
      } finally {
        await rpcCall(anvil.url, 'evm_setAutomine', [true]);
      }
    },
    async mine(blocks) {
      await rpcCall(anvil.url, 'anvil_mine', [`0x${blocks.toString(16)}`]);
    },
    head: async () => Number(BigInt(await rpcCall<string>(anvil.url, 'eth_blockNumber'))),
    settings: (overrides = {}) => loadIndexerSettings(env(overrides)),
    env,
    query,
    async stop() {
      provider.destroy();
      await anvil.stop();
      await postgres.stop();
    },
  };
}

/** A market row as the simulator writes one (every NOT NULL column), whose beacon is `beacon`. */
export async function insertMarket(indexUrl: string, perp: string, beacon: string): Promise<void> {
  await withPgClient(indexUrl, (c) => c.query(INSERT_MARKET_SQL, [perp, beacon]));
}

/** $1 the perp (also every module address), $2 its beacon. */
export const INSERT_MARKET_SQL = `INSERT INTO markets (perp_address, beacon_address, owner, name, symbol, token_uri, pool_id, pricing_module, funding_module, fees_module, margin_ratios_module,
    price_impact_module, ema_window, protocol_fee, tick_spacing, min_tick, max_tick, taker_liq_margin_ratio, taker_backstop_margin_ratio, maker_liq_margin_ratio,
    maker_backstop_margin_ratio, creator_fee, insurance_fee, lp_fee, liquidation_fee, sqrt_price_x96, tick, liquidity, cumulative_funding_x96, open_interest_long,
    open_interest_short, capacity_long, capacity_short, insurance, bad_debt, total_margin)
  VALUES ($1, $2, $1, 'm', 'M', 'u', '0x${'0'.repeat(64)}', $1, $1, $1, $1, $1, 3600, 0, 30, -600, 600, 50000, 20000, 900000, 800000, 0, 0, 0, 0, ${Q96}, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0)`;

/** What the store says, for the comparisons with the chain. */
export async function storeState(env: IndexerTestEnv) {
  const [cursor] = await env.query<{ block_number: string; block_hash: string }>(`SELECT block_number, block_hash FROM chain_cursor`);
  const updates = await env.query<{ block_number: string; log_index: number; beacon_address: string; index_x96: string; transaction_hash: string }>(
    `SELECT block_number, log_index, beacon_address, index_x96, transaction_hash FROM beacon_index_updates ORDER BY block_number, log_index`,
  );
  const markets = await env.query<{ beacon_address: string; index_price_x96: string | null }>(
    `SELECT beacon_address, index_price_x96 FROM markets ORDER BY perp_address`,
  );
  return {
    cursor: cursor ? { number: Number(cursor.block_number), hash: cursor.block_hash } : undefined,
    updates: updates.map((u) => ({ ...u, block_number: Number(u.block_number) })),
    markets: markets.map((m) => ({ beacon: m.beacon_address, index: m.index_price_x96 === null ? null : BigInt(m.index_price_x96) })),
  };
}

/** The chain's own answers: every IndexUpdated of the beacons and each beacon's index() now. */
export async function chainState(env: IndexerTestEnv) {
  const updates = [];
  for (const beacon of env.beacons) {
    const contract = EcdsaBeacon__factory.connect(beacon, env.provider);
    for (const event of await contract.queryFilter(contract.filters.IndexUpdated(), 0, 'latest')) {
      updates.push({ block_number: event.blockNumber, log_index: event.index, beacon_address: beacon, transaction_hash: event.transactionHash.toLowerCase() });
    }
  }
  updates.sort((a, b) => a.block_number - b.block_number || a.log_index - b.log_index);
  const index = new Map<string, bigint>();
  for (const beacon of env.beacons) index.set(beacon, await EcdsaBeacon__factory.connect(beacon, env.provider).index());
  return { updates, index };
}

/** Waits until the store's cursor is the chain's head block (same number and hash). */
export async function waitCaughtUp(env: IndexerTestEnv, timeoutMs = 30_000): Promise<void> {
  await waitUntil(
    'the indexer at the head',
    async () => {
      const head = await env.provider.send('eth_getBlockByNumber', ['latest', false]);
      const [cursor] = await env.query<{ block_number: string; block_hash: string }>(`SELECT block_number, block_hash FROM chain_cursor`);
      return cursor !== undefined && Number(cursor.block_number) === Number(BigInt(head.number)) && cursor.block_hash === head.hash;
    },
    { timeoutMs, intervalMs: 100 },
  );
}

/** Store == chain: every update row once (no more, none missing), each market's index_price_x96 = its beacon's index(). */
export async function expectStoreMatchesChain(env: IndexerTestEnv): Promise<void> {
  const [store, chain] = [await storeState(env), await chainState(env)];
  expect(
    store.updates.map(({ block_number, log_index, beacon_address, transaction_hash }) => ({ block_number, log_index, beacon_address, transaction_hash })),
  ).toEqual(chain.updates);
  for (const market of store.markets) {
    const onChain = chain.index.get(market.beacon)!;
    // A beacon never updated holds 0 on chain and null (no update seen) in the store.
    expect(market.index ?? 0n).toBe(onChain);
  }
}
