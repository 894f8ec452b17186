import { PostgresServer, startTestPostgres, withPgClient } from '@perp/local-infra';
import { Client } from 'pg';
import { driftAfterMigrations } from '../../test/schema-check';
import { Q96 } from '@perp/x96-math';
import { liquidationKeyX96 } from './liquidation-mark';
import { ensureReaderLogin, READER_ROLE } from './reader-role';
import { migrateStore, revertStore, runIndexDbMigrations } from './run-migrations';
import { INDEX_STORE_MIGRATIONS } from '../migrations';

const INDEX_TABLES = [
  'beacon_index_updates',
  'candles',
  'chain_cursor',
  'chain_cursor_blocks',
  'funding_history',
  'market_write_versions',
  'markets',
  'open_interest_history',
  'position_settlements',
  'positions',
  'snapshots',
  'stream_event_window',
  'stream_events',
  'ticks',
  'trades',
];
const SOURCE_TABLES = ['market_boundaries', 'measurements'];

async function tables(url: string): Promise<string[]> {
  return withPgClient(url, async (c) => (await c.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows.map((r) => r.tablename));
}

async function indexDefinitions(url: string): Promise<Record<string, string>> {
  return withPgClient(url, async (c) => {
    const rows = (await c.query(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`)).rows;
    return Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
  });
}

/** A market row with the columns every schema since the first has (the key rewrite test inserts it before the later migrations). */
async function insertMarket(c: Client, market: string): Promise<void> {
  await c.query(
    `INSERT INTO markets (perp_address, beacon_address, owner, name, symbol, token_uri, pool_id, pricing_module, funding_module, fees_module, margin_ratios_module,
       price_impact_module, ema_window, protocol_fee, tick_spacing, min_tick, max_tick, taker_liq_margin_ratio, taker_backstop_margin_ratio, maker_liq_margin_ratio,
       maker_backstop_margin_ratio, creator_fee, insurance_fee, lp_fee, liquidation_fee, sqrt_price_x96, tick, liquidity, cumulative_funding_x96, open_interest_long,
       open_interest_short, capacity_long, capacity_short, insurance, bad_debt, total_margin)
     VALUES ($1, $1, $1, 'm', 'M', 'u', '0x${'0'.repeat(64)}', $1, $1, $1, $1, $1, 3600, 0, 30, -600, 600, 50000, 20000, 900000, 800000, 0, 0, 0, 0, ${Q96}, 0, 0,
       0, 0, 0, 0, 0, 0, 0, 0)`,
    [market],
  );
}

describe('index-db migrations (real Postgres)', () => {
  let server: PostgresServer;
  let indexUrl: string;
  let sourceUrl: string;

  beforeAll(async () => {
    server = await startTestPostgres(['perp_index', 'perp_source']);
    indexUrl = server.url('perp_index');
    sourceUrl = server.url('perp_source');
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('apply from empty to both stores', async () => {
    const results = await runIndexDbMigrations(indexUrl, sourceUrl);
    expect(results.map((r) => [r.store, r.applied])).toEqual([
      [
        'index',
        [
          'IndexStoreSchema1767225600000',
          'IndexStoreReaderRole1767225600001',
          'IndexStoreContractState1767225600002',
          'IndexStoreTakerRatioIndex1767225600003',
          'IndexStorePositionsPerMarket1767225600004',
          'IndexStoreChainCursor1767225600005',
          'IndexStoreMarketWriteVersions1767225600006',
          'IndexStoreCandles1767225600007',
          'IndexStoreTradesByPosition1767225600008',
          'IndexStoreStreamEvents1767225600009',
          'IndexStoreMarketHistory1767225600010',
          'IndexStorePositionSettlements1767225600011',
          'IndexStoreCandleWriteVersions1767225600012',
        ],
      ],
      ['source', ['SourceStoreSchema1767225600000', 'SourceStoreReaderRole1767225600001']],
    ]);
    expect(await tables(indexUrl)).toEqual([...INDEX_TABLES, 'schema_migrations'].sort());
    expect(await tables(sourceUrl)).toEqual([...SOURCE_TABLES, 'schema_migrations'].sort());
    // Running again is a no-op.
    expect((await runIndexDbMigrations(indexUrl, sourceUrl)).flatMap((r) => r.applied)).toEqual([]);
  });

  // The same check as `nx run index-db:migrations-check`, so that CI's test target covers it.
  it.each(['index', 'source'] as const)('leave nothing for migration:generate to write (%s store)', async (store) => {
    const drift = await driftAfterMigrations(server, store);
    expect(drift.up).toEqual([]);
  });

  it('create every index with the directions and predicates the query paths need', async () => {
    const defs = await indexDefinitions(indexUrl);
    expect(defs['snapshots_market_time_idx']).toContain('(perp_address, "timestamp" DESC, id DESC)');
    expect(defs['trades_market_time_idx']).toContain('(perp_address, "timestamp" DESC, id DESC)');
    expect(defs['trades_position_time_idx']).toContain('(perp_address, pos_id, "timestamp" DESC, id DESC)');
    expect(defs['markets_created_desc_idx']).toContain('(created_at DESC NULLS LAST, perp_address)');
    expect(defs['markets_open_interest_desc_idx']).toContain('((open_interest_long + open_interest_short)) DESC NULLS LAST, perp_address)');
    expect(defs['markets_ticker_key']).toMatch(/UNIQUE INDEX .* \(ticker\) WHERE \(ticker IS NOT NULL\)/);
    expect(defs['positions_pkey']).toContain('(perp_address, id)');
    expect(defs['positions_id_idx']).toContain('(id, perp_address)');
    expect(defs['positions_liquidation_idx']).toContain('(perp_address, is_long, liq_mark_x96) WHERE ((NOT is_closed) AND (NOT is_maker))');
    expect(defs['position_settlements_position_idx']).toContain('(perp_address, pos_id)');
    expect(defs['position_settlements_block_idx']).toContain('(block_number) WHERE (block_number IS NOT NULL)');
    for (const table of ['funding_history', 'open_interest_history']) {
      expect(defs[`${table}_market_time_idx`]).toContain('(perp_address, "timestamp" DESC, id DESC)');
      expect(defs[`${table}_block_idx`]).toContain('(block_number) WHERE (block_number IS NOT NULL)');
    }
    expect(Object.keys(defs).sort()).toEqual(
      [
        'beacon_index_updates_beacon_idx',
        'beacon_index_updates_pkey',
        'candles_pkey',
        'chain_cursor_blocks_pkey',
        'chain_cursor_pkey',
        'funding_history_block_idx',
        'funding_history_market_time_idx',
        'funding_history_pkey',
        'market_write_versions_pkey',
        'markets_beacon_address_idx',
        'markets_created_asc_idx',
        'markets_created_desc_idx',
        'markets_funding_asc_idx',
        'markets_funding_desc_idx',
        'markets_liquidity_asc_idx',
        'markets_liquidity_desc_idx',
        'markets_open_interest_asc_idx',
        'markets_open_interest_desc_idx',
        'markets_pkey',
        'markets_ticker_key',
        'open_interest_history_block_idx',
        'open_interest_history_market_time_idx',
        'open_interest_history_pkey',
        'position_settlements_block_idx',
        'position_settlements_pkey',
        'position_settlements_position_idx',
        'positions_closed_idx',
        'positions_holder_idx',
        'positions_liquidation_idx',
        'positions_liquidation_key_idx',
        'positions_id_idx',
        'positions_block_idx',
        'positions_open_makers_idx',
        'positions_open_takers_ratio_idx',
        'positions_pkey',
        'snapshots_market_time_idx',
        'snapshots_pkey',
        'snapshots_block_idx',
        'stream_event_window_pkey',
        'stream_events_pkey',
        'ticks_pkey',
        'trades_market_time_idx',
        'trades_position_time_idx',
        'trades_pkey',
        'trades_block_idx',
      ].sort(),
    );
    expect(Object.keys(await indexDefinitions(sourceUrl)).sort()).toEqual(['market_boundaries_pkey', 'measurements_pkey']);
  });

  it('reject addresses that are not lowercase 0x-hex', async () => {
    await withPgClient(sourceUrl, async (c) => {
      await expect(c.query(`INSERT INTO market_boundaries VALUES ('0xABCDEF0000000000000000000000000000000000', now())`)).rejects.toThrow(
        /market_boundaries_perp_address_check/,
      );
      await expect(c.query(`INSERT INTO measurements VALUES ('0x${'a'.repeat(40)}', now(), 1.5, 1, 'guess')`)).rejects.toThrow(/measurements_origin_check/);
    });
  });

  it('give the API a login that reads both stores and writes neither', async () => {
    for (const url of [indexUrl, sourceUrl]) await ensureReaderLogin(url, 'market_data_api', 'a-long-enough-password');
    const asReader = (url: string) => url.replace('postgres@', 'market_data_api:a-long-enough-password@');
    await withPgClient(asReader(indexUrl), async (c) => {
      expect((await c.query('SELECT count(*)::int AS n FROM markets')).rows[0].n).toBe(0);
      expect((await c.query('SELECT count(*)::int AS n FROM positions')).rows[0].n).toBe(0);
      await expect(c.query(`DELETE FROM snapshots`)).rejects.toThrow(/read-only transaction|permission denied/);
      await c.query('SET default_transaction_read_only = off');
      await expect(c.query(`DELETE FROM snapshots`)).rejects.toThrow(/permission denied/);
    });
    await withPgClient(asReader(sourceUrl), async (c) => {
      expect((await c.query('SELECT count(*)::int AS n FROM measurements')).rows[0].n).toBe(0);
      await c.query('SET default_transaction_read_only = off');
      await expect(c.query(`TRUNCATE market_boundaries`)).rejects.toThrow(/permission denied/);
    });
  });

  it('rewrite the candidate key of existing open takers as liquidationKeyX96 computes it', async () => {
    const market = `0x${'a'.repeat(40)}`;
    const takers = [
      { id: 1, margin: 20_000_000n, perpDelta: 2_000_000n, usdDelta: -200_000_000n, entry: -(5n * Q96) / 3n, ratio: 50_000 },
      { id: 2, margin: 20_000_000n, perpDelta: -2_000_123n, usdDelta: 200_000_000n, entry: (7n * Q96) / 3n, ratio: 50_000 },
      { id: 3, margin: 500_000_000n, perpDelta: 1_000_001n, usdDelta: -100_000_000n, entry: 0n, ratio: 33_333 },
    ];
    // Back to before the contract-state migration (the third) and every one after it, with takers as the earlier schema held them.
    await revertStore('index', indexUrl, INDEX_STORE_MIGRATIONS.length - 2);
    await withPgClient(indexUrl, async (c) => {
      await insertMarket(c, market);
      for (const t of takers) {
        await c.query(
          `INSERT INTO positions (id, perp_address, holder, is_maker, is_long, is_closed, open_timestamp, margin, perp_delta, usd_delta, liq_margin_ratio,
             backstop_margin_ratio, entry_cumulative_funding_x96, liq_mark_x96, liq_key_x96)
           VALUES ($1, $2, $2, false, $3, false, 0, $4, $5, $6, $7, 0, $8, 0, 0)`,
          [t.id, market, t.perpDelta > 0n, t.margin.toString(), t.perpDelta.toString(), t.usdDelta.toString(), t.ratio, t.entry.toString()],
        );
      }
    });
    await migrateStore('index', indexUrl);
    const keys = await withPgClient(indexUrl, async (c) =>
      (await c.query('SELECT liq_key_x96 FROM positions ORDER BY id')).rows.map((r) => BigInt(r.liq_key_x96)),
    );
    expect(keys).toEqual(
      takers.map((t) => liquidationKeyX96({ ...t, entryCumulativeFundingX96: t.entry, entryLongUtilPaymentsX96: 0n, entryShortUtilPaymentsX96: 0n }, t.ratio)),
    );
    await withPgClient(indexUrl, async (c) => {
      await c.query('DELETE FROM positions');
      await c.query('DELETE FROM markets');
    });
  });

  it('give a market a new write version after each statement that writes its positions or ticks, and no other market', async () => {
    const [a, b] = [`0x${'a'.repeat(40)}`, `0x${'b'.repeat(40)}`];
    await withPgClient(indexUrl, async (c) => {
      // A market's versions of both tables, as one text to compare.
      const versions = async (): Promise<Record<string, string>> =>
        Object.fromEntries(
          (
            await c.query(
              `SELECT perp_address, string_agg(table_name || ':' || version, ',' ORDER BY table_name) AS v FROM market_write_versions WHERE table_name IN ('positions', 'ticks') GROUP BY perp_address`,
            )
          ).rows.map((r) => [r.perp_address, r.v]),
        );
      const position = (market: string, id: number, on: Client = c) =>
        on.query(
          `INSERT INTO positions (id, perp_address, holder, is_maker, is_long, is_closed, open_timestamp, margin, perp_delta, usd_delta, liq_margin_ratio,
             backstop_margin_ratio, entry_cumulative_funding_x96, liq_mark_x96, liq_key_x96)
           VALUES ($1, $2, $2, false, true, false, 0, 1, 1, 0, 50000, 0, 0, 0, 0)`,
          [id, market],
        );
      await insertMarket(c, a);
      await insertMarket(c, b);
      const moved = async (before: Record<string, string>) => {
        const after = await versions();
        return [a, b].filter((m) => after[m] !== before[m]);
      };
      let before = await versions();
      await position(a, 1);
      expect(await moved(before)).toEqual([a]);
      before = await versions();
      await position(b, 1);
      expect(await moved(before)).toEqual([b]);
      before = await versions();
      await c.query(`UPDATE positions SET margin = margin WHERE perp_address = $1`, [a]);
      expect(await moved(before)).toEqual([a]);
      before = await versions();
      await c.query(`UPDATE positions SET margin = margin WHERE false`);
      expect(await moved(before)).toEqual([]);
      before = await versions();
      await c.query(
        `INSERT INTO ticks (perp_address, tick, cuml_funding_opp_x96, cuml_funding_div_sqrt_p_opp_x96, fee_growth_outside1_x128) VALUES ($1, 0, 0, 0, 0)`,
        [b],
      );
      expect(await moved(before)).toEqual([b]);
      before = await versions();
      await c.query(`DELETE FROM positions WHERE perp_address = $1`, [a]);
      expect(await moved(before)).toEqual([a]);
      before = await versions();
      await c.query('TRUNCATE trades, position_settlements, positions');
      expect(await moved(before)).toEqual([a, b]);
      before = await versions();
      await c.query('TRUNCATE ticks');
      expect(await moved(before)).toEqual([a, b]);
      // The simulator's load: ticks and positions truncated and filled by two open transactions at once, committed one after the other (neither waits).
      before = await versions();
      await withPgClient(indexUrl, async (other) => {
        await c.query('BEGIN');
        await c.query('TRUNCATE ticks');
        await other.query('BEGIN');
        await other.query('TRUNCATE trades, position_settlements, positions');
        await position(a, 3, other);
        await c.query(
          `INSERT INTO ticks (perp_address, tick, cuml_funding_opp_x96, cuml_funding_div_sqrt_p_opp_x96, fee_growth_outside1_x128) VALUES ($1, 0, 0, 0, 0)`,
          [a],
        );
        await other.query('COMMIT');
        await c.query('COMMIT');
      });
      expect(await moved(before)).toEqual([a, b]);
      await c.query('TRUNCATE trades, position_settlements, positions, ticks');
      await c.query('DELETE FROM markets');
    });
  });

  it('roll back to empty and apply again', async () => {
    await withPgClient(indexUrl, (c) => c.query(`DROP ROLE market_data_api`));
    const revertedIndex = await revertStore('index', indexUrl, INDEX_STORE_MIGRATIONS.length);
    const revertedSource = await revertStore('source', sourceUrl, 10);
    expect(revertedIndex.applied).toEqual([
      'IndexStoreCandleWriteVersions1767225600012',
      'IndexStorePositionSettlements1767225600011',
      'IndexStoreMarketHistory1767225600010',
      'IndexStoreStreamEvents1767225600009',
      'IndexStoreTradesByPosition1767225600008',
      'IndexStoreCandles1767225600007',
      'IndexStoreMarketWriteVersions1767225600006',
      'IndexStoreChainCursor1767225600005',
      'IndexStorePositionsPerMarket1767225600004',
      'IndexStoreTakerRatioIndex1767225600003',
      'IndexStoreContractState1767225600002',
      'IndexStoreReaderRole1767225600001',
      'IndexStoreSchema1767225600000',
    ]);
    expect(revertedSource.applied).toEqual(['SourceStoreReaderRole1767225600001', 'SourceStoreSchema1767225600000']);
    expect(await tables(indexUrl)).toEqual(['schema_migrations']);
    expect(await tables(sourceUrl)).toEqual(['schema_migrations']);
    const roles = await withPgClient(indexUrl, async (c) => (await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [READER_ROLE])).rowCount);
    expect(roles).toBe(0);

    expect((await migrateStore('index', indexUrl)).applied).toHaveLength(INDEX_STORE_MIGRATIONS.length);
    expect((await migrateStore('source', sourceUrl)).applied).toHaveLength(2);
    expect(await tables(indexUrl)).toEqual([...INDEX_TABLES, 'schema_migrations'].sort());
  });
});
