import { PostgresServer, startTestPostgres, withPgClient } from '@perp/local-infra';
import { Client } from 'pg';
import { Q96 } from '@perp/x96-math';
import { runIndexDbMigrations } from './run-migrations';

const A = `0x${'a'.repeat(40)}`;
const T = 1_767_225_600;

interface State {
  block: number;
  funding: bigint | null;
  cumulative: bigint;
  long: bigint;
  short: bigint;
}

/** The indexer's write of a market's row after a block: an upsert of the whole row (INSERT ... ON CONFLICT DO UPDATE), block time = T + block. */
async function upsert(c: Client, s: State): Promise<void> {
  await c.query(
    `INSERT INTO markets (perp_address, beacon_address, owner, name, symbol, token_uri, pool_id, pricing_module, funding_module, fees_module, margin_ratios_module,
       price_impact_module, ema_window, protocol_fee, tick_spacing, min_tick, max_tick, taker_liq_margin_ratio, taker_backstop_margin_ratio, maker_liq_margin_ratio,
       maker_backstop_margin_ratio, creator_fee, insurance_fee, lp_fee, liquidation_fee, sqrt_price_x96, tick, liquidity, funding_per_day, cumulative_funding_x96,
       open_interest_long, open_interest_short, capacity_long, capacity_short, insurance, bad_debt, total_margin, created_at, last_touched_at, block_number)
     VALUES ($1, $1, $1, 'm', 'M', 'u', '0x${'0'.repeat(64)}', $1, $1, $1, $1, $1, 3600, 0, 30, -600, 600, 50000, 20000, 900000, 800000, 0, 0, 0, 0, ${Q96}, 0, 0,
       $2, $3, $4, $5, 0, 0, 0, 0, 0, $6, $7, $8)
     ON CONFLICT (perp_address) DO UPDATE SET funding_per_day = EXCLUDED.funding_per_day, cumulative_funding_x96 = EXCLUDED.cumulative_funding_x96,
       open_interest_long = EXCLUDED.open_interest_long, open_interest_short = EXCLUDED.open_interest_short, last_touched_at = EXCLUDED.last_touched_at,
       block_number = EXCLUDED.block_number`,
    [A, s.funding?.toString() ?? null, s.cumulative.toString(), s.long.toString(), s.short.toString(), T, T + s.block, s.block],
  );
}

/** The rewind of apps/indexer (PerpCityStore.dropAppendOnlyAfter, then the market re-read at the fork and upserted). */
async function rewind(c: Client, fork: number, atFork: State): Promise<void> {
  await c.query('DELETE FROM funding_history WHERE block_number > $1', [fork]);
  await c.query('DELETE FROM open_interest_history WHERE block_number > $1', [fork]);
  await upsert(c, { ...atFork, block: fork });
}

async function histories(c: Client): Promise<{ funding: string[][]; oi: string[][] }> {
  const funding = await c.query(
    `SELECT block_number, extract(epoch FROM "timestamp")::bigint AS t, funding_per_day, cumulative_funding_x96 FROM funding_history ORDER BY "timestamp", id`,
  );
  const oi = await c.query(
    `SELECT block_number, extract(epoch FROM "timestamp")::bigint AS t, open_interest_long, open_interest_short FROM open_interest_history ORDER BY "timestamp", id`,
  );
  return { funding: funding.rows.map((r) => Object.values(r) as string[]), oi: oi.rows.map((r) => Object.values(r) as string[]) };
}

describe('funding and open-interest history (real Postgres): the markets row trigger', () => {
  let server: PostgresServer;
  let url: string;

  beforeAll(async () => {
    server = await startTestPostgres(['perp_index', 'perp_source']);
    url = server.url('perp_index');
    await runIndexDbMigrations(url, server.url('perp_source'));
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  // Each block's state; a state equal to the one before records nothing.
  const chain: State[] = [
    { block: 1, funding: null, cumulative: 0n, long: 0n, short: 0n },
    { block: 2, funding: 5n, cumulative: 0n, long: 0n, short: 0n },
    { block: 3, funding: 5n, cumulative: 0n, long: 10n, short: 0n },
    { block: 4, funding: 5n, cumulative: 0n, long: 10n, short: 0n },
    { block: 5, funding: -7n, cumulative: -Q96, long: 10n, short: 3n },
    { block: 6, funding: -7n, cumulative: -Q96, long: 0n, short: 3n },
  ];
  // The other branch after block 3.
  const branch: State[] = [
    { block: 4, funding: 9n, cumulative: Q96, long: 10n, short: 0n },
    { block: 5, funding: 9n, cumulative: Q96, long: 10n, short: 8n },
  ];

  it('a point per change, then a reorg leaves exactly what indexing the new branch from scratch gives', async () => {
    const straight = await withPgClient(url, async (c) => {
      for (const s of [...chain.slice(0, 3), ...branch]) await upsert(c, s);
      const h = await histories(c);
      await c.query('TRUNCATE markets CASCADE');
      return h;
    });
    expect(straight.funding).toEqual([
      ['1', String(T + 1), null, '0'],
      ['2', String(T + 2), '5', '0'],
      ['4', String(T + 4), '9', Q96.toString()],
    ]);
    expect(straight.oi).toEqual([
      ['1', String(T + 1), '0', '0'],
      ['3', String(T + 3), '10', '0'],
      ['5', String(T + 5), '10', '8'],
    ]);

    await withPgClient(url, async (c) => {
      // TRUNCATE markets emptied both histories.
      expect(await histories(c)).toEqual({ funding: [], oi: [] });
      for (const s of chain) await upsert(c, s);
      expect((await histories(c)).funding.map((r) => r[0])).toEqual(['1', '2', '5']);
      expect((await histories(c)).oi.map((r) => r[0])).toEqual(['1', '3', '5', '6']);
      await c.query('BEGIN');
      await rewind(c, 3, chain[2]);
      for (const s of branch) await upsert(c, s);
      await c.query('COMMIT');
      expect(await histories(c)).toEqual(straight);
    });
  });

  it('a rewind to a state that differs from the last point records the fork state at the fork block', async () => {
    await withPgClient(url, async (c) => {
      await c.query('TRUNCATE markets CASCADE');
      for (const s of chain.slice(0, 2)) await upsert(c, s);
      // Block 2's point is gone (e.g. the fork block's state read differs): the fork state is recorded at the fork.
      await rewind(c, 1, { block: 1, funding: 3n, cumulative: 0n, long: 0n, short: 0n });
      expect((await histories(c)).funding).toEqual([
        ['1', String(T + 1), null, '0'],
        ['1', String(T + 1), '3', '0'],
      ]);
      expect((await histories(c)).oi).toEqual([['1', String(T + 1), '0', '0']]);
    });
  });
});
