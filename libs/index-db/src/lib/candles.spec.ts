import { PostgresServer, startTestPostgres, withPgClient } from '@perp/local-infra';
import { Client } from 'pg';
import { Q96 } from '@perp/x96-math';
import { runIndexDbMigrations } from './run-migrations';
import { CANDLE_RESOLUTIONS, CandlePageRow, candlesWithOpenInterest, DEFER_ROLLUPS_SETTING } from './candles';

const A = `0x${'a'.repeat(40)}`;
const B = `0x${'b'.repeat(40)}`;

interface Snap {
  market: string;
  ts: number;
  sqrt: bigint;
  index: bigint | null;
  block: number;
}
interface Trade {
  market: string;
  ts: number;
  perp: bigint;
  usd: bigint;
  block: number;
}

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

/** A deterministic walk: snapshots every 20-100 s over ~1.2 days per market, some without an index, trades in between (some in minutes without a snapshot). */
function history(): { snaps: Snap[]; trades: Trade[] } {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const snaps: Snap[] = [];
  const trades: Trade[] = [];
  const start = Date.UTC(2026, 0, 1, 22, 0, 0) / 1000;
  for (const market of [A, B]) {
    let ts = start + (market === B ? 7 : 0);
    let sqrt = Q96 * 3n;
    let block = 1;
    while (ts < start + 1.2 * 86_400) {
      sqrt += ((BigInt(Math.floor(rand() * 2001)) - 1000n) * Q96) / 100_000n;
      const index = rand() < 0.1 ? null : (sqrt * sqrt) / Q96 + BigInt(Math.floor(rand() * 1e9));
      snaps.push({ market, ts, sqrt, index, block });
      // Two snapshots at the same second now and then: open and close break the tie by id.
      if (rand() < 0.05) snaps.push({ market, ts, sqrt: sqrt + 1n, index, block });
      if (rand() < 0.3) {
        const perp = BigInt(Math.floor(rand() * 2e6)) - 1_000_000n;
        trades.push({ market, ts: ts + Math.floor(rand() * 150), perp, usd: -perp * 3n + 1n, block });
      }
      ts += 20 + Math.floor(rand() * 80);
      block++;
    }
  }
  return { snaps, trades };
}

const iso = (ts: number) => new Date(ts * 1000).toISOString();
type Price = bigint | null;
interface Acc {
  market: string;
  res: number;
  bucket: number;
  o: Price;
  h: Price;
  l: Price;
  c: Price;
  io: Price;
  ih: Price;
  il: Price;
  ic: Price;
  vu: bigint;
  vp: bigint;
  tc: number;
  sc: number;
}
/** What every candle must be, computed in TypeScript from the rows (rows in insertion order = id order). */
function expectedCandles(snaps: Snap[], trades: Trade[]): string[] {
  const out = new Map<string, Acc>();
  const maxOf = (a: bigint | null, b: bigint) => (a === null || b > a ? b : a);
  const minOf = (a: bigint | null, b: bigint) => (a === null || b < a ? b : a);
  const candle = (market: string, res: number, ts: number) => {
    const bucket = Math.floor(ts / res) * res;
    const key = `${market}|${res}|${bucket}`;
    let c = out.get(key);
    if (!c) {
      c = { market, res, bucket, o: null, h: null, l: null, c: null, io: null, ih: null, il: null, ic: null, vu: 0n, vp: 0n, tc: 0, sc: 0 };
      out.set(key, c);
    }
    return c;
  };
  // Stable sort by time keeps insertion (id) order for equal times.
  for (const s of [...snaps].sort((x, y) => x.ts - y.ts)) {
    for (const res of CANDLE_RESOLUTIONS) {
      const c = candle(s.market, res, s.ts);
      c.o ??= s.sqrt;
      c.c = s.sqrt;
      c.h = maxOf(c.h, s.sqrt);
      c.l = minOf(c.l, s.sqrt);
      if (s.index !== null && s.index > 0n) {
        c.io ??= s.index;
        c.ic = s.index;
        c.ih = maxOf(c.ih, s.index);
        c.il = minOf(c.il, s.index);
      }
      c.sc++;
    }
  }
  for (const t of trades) {
    for (const res of CANDLE_RESOLUTIONS) {
      const c = candle(t.market, res, t.ts);
      c.vu += t.usd < 0n ? -t.usd : t.usd;
      c.vp += t.perp < 0n ? -t.perp : t.perp;
      c.tc++;
    }
  }
  const rows = [...out.values()].sort((x, y) => (x.market < y.market ? -1 : x.market > y.market ? 1 : x.res - y.res || x.bucket - y.bucket));
  const ord = new Map<string, number>();
  return rows.map((c) => {
    const k = `${c.market}|${c.res}`;
    ord.set(k, (ord.get(k) ?? 0) + 1);
    const v = (x: bigint | null) => (x === null ? 'null' : x.toString());
    return [c.market, c.res, iso(c.bucket), ord.get(k), v(c.o), v(c.h), v(c.l), v(c.c), v(c.io), v(c.ih), v(c.il), v(c.ic), c.vu, c.vp, c.tc, c.sc].join(' ');
  });
}

async function storedCandles(c: Client): Promise<string[]> {
  const rows = (
    await c.query(
      `SELECT perp_address, resolution, bucket, ord, open_sqrt_x96, high_sqrt_x96, low_sqrt_x96, close_sqrt_x96, open_index_x96, high_index_x96, low_index_x96,
              close_index_x96, volume_usd, volume_perps, trade_count, snapshot_count
         FROM candles ORDER BY perp_address, resolution, bucket`,
    )
  ).rows;
  return rows.map((r) =>
    [
      r.perp_address,
      r.resolution,
      (r.bucket as Date).toISOString(),
      r.ord,
      ...[r.open_sqrt_x96, r.high_sqrt_x96, r.low_sqrt_x96, r.close_sqrt_x96, r.open_index_x96, r.high_index_x96, r.low_index_x96, r.close_index_x96].map(
        (x) => x ?? 'null',
      ),
      r.volume_usd,
      r.volume_perps,
      r.trade_count,
      r.snapshot_count,
    ].join(' '),
  );
}

/** Writes like the indexer: one INSERT per table and block. */
async function writeBlocks(c: Client, snaps: Snap[], trades: Trade[]): Promise<void> {
  const blocks = new Map<string, { market: string; block: number; s: Snap[]; t: Trade[] }>();
  const of = (r: Snap | Trade) => {
    const key = `${r.market}|${r.block}`;
    let b = blocks.get(key);
    if (!b) blocks.set(key, (b = { market: r.market, block: r.block, s: [], t: [] }));
    return b;
  };
  for (const r of snaps) of(r).s.push(r);
  for (const r of trades) of(r).t.push(r);
  for (const { market, block, s, t } of blocks.values()) {
    if (s.length > 0) {
      await c.query(
        `INSERT INTO snapshots (perp_address, "timestamp", amm_price_x96, index_price_x96, block_number)
         SELECT $1, to_timestamp(u.ts), u.sqrt, u.idx, $2 FROM unnest($3::bigint[], $4::numeric[], $5::numeric[]) WITH ORDINALITY AS u(ts, sqrt, idx, n) ORDER BY n`,
        [market, block, s.map((r) => r.ts), s.map((r) => r.sqrt.toString()), s.map((r) => r.index?.toString() ?? null)],
      );
    }
    if (t.length > 0) {
      await c.query(
        `INSERT INTO trades (perp_address, "timestamp", pos_id, was_liquidated, perp_delta, usd_delta, block_number)
         SELECT $1, to_timestamp(u.ts), 1, false, u.perp, u.usd, $2 FROM unnest($3::bigint[], $4::numeric[], $5::numeric[]) AS u(ts, perp, usd)`,
        [market, block, t.map((r) => r.ts), t.map((r) => r.perp.toString()), t.map((r) => r.usd.toString())],
      );
    }
  }
}

describe('candles (real Postgres): the write-time rollups', () => {
  let server: PostgresServer;
  let url: string;
  const { snaps, trades } = history();

  beforeAll(async () => {
    server = await startTestPostgres(['perp_index', 'perp_source']);
    url = server.url('perp_index');
    await runIndexDbMigrations(url, server.url('perp_source'));
    await withPgClient(url, async (c) => {
      await insertMarket(c, A);
      await insertMarket(c, B);
      // Trades reference a position (pos_id 1 of each market).
      for (const m of [A, B]) {
        await c.query(
          `INSERT INTO positions (id, perp_address, holder, is_maker, is_long, is_closed, open_timestamp, margin, perp_delta, usd_delta, liq_margin_ratio,
             backstop_margin_ratio, entry_cumulative_funding_x96) VALUES (1, $1, $1, false, true, false, 0, 1, 1, 0, 50000, 0, 0)`,
          [m],
        );
      }
    });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('block by block, match every candle computed from the rows, and the set-based rebuild gives the same rows', async () => {
    await withPgClient(url, async (c) => {
      await writeBlocks(c, snaps, trades);
      const incremental = await storedCandles(c);
      expect(incremental).toEqual(expectedCandles(snaps, trades));
      await c.query('SELECT candles_rebuild()');
      expect(await storedCandles(c)).toEqual(incremental);
    });
  }, 180_000);

  it('after a reorg rewind (rows above a block deleted) and a rewrite, still match the rows', async () => {
    await withPgClient(url, async (c) => {
      const fork = Math.floor(Math.max(...snaps.filter((s) => s.market === A).map((s) => s.block)) / 2);
      await c.query('BEGIN');
      await c.query('DELETE FROM trades WHERE block_number > $1', [fork]);
      await c.query('DELETE FROM snapshots WHERE block_number > $1', [fork]);
      await c.query('COMMIT');
      const kept = { snaps: snaps.filter((s) => s.block <= fork), trades: trades.filter((t) => t.block <= fork) };
      expect(await storedCandles(c)).toEqual(expectedCandles(kept.snaps, kept.trades));
      // The new branch: the same blocks with other prices, and a changed trade in the kept range.
      const branch = snaps.filter((s) => s.block > fork).map((s) => ({ ...s, sqrt: s.sqrt + 5n }));
      await writeBlocks(
        c,
        branch,
        trades.filter((t) => t.block > fork),
      );
      await c.query(`UPDATE trades SET usd_delta = usd_delta * 2, "timestamp" = "timestamp" + interval '3 hours' WHERE block_number = 3`);
      const moved = trades.map((t) => (t.block === 3 ? { ...t, usd: t.usd * 2n, ts: t.ts + 3 * 3600 } : t));
      // Rows are read back in id order: the updated trades keep their ids.
      expect(await storedCandles(c)).toEqual(expectedCandles([...kept.snaps, ...branch], moved));
      const incremental = await storedCandles(c);
      await c.query('SELECT candles_rebuild()');
      expect(await storedCandles(c)).toEqual(incremental);
    });
  }, 180_000);

  it('a market whose rows are all deleted has no candles; a session that defers the rollups leaves them to candles_rebuild()', async () => {
    await withPgClient(url, async (c) => {
      await c.query('DELETE FROM trades WHERE perp_address = $1', [B]);
      await c.query('DELETE FROM snapshots WHERE perp_address = $1', [B]);
      expect((await c.query('SELECT count(*)::int AS n FROM candles WHERE perp_address = $1', [B])).rows[0].n).toBe(0);
      const before = await storedCandles(c);
      await c.query('BEGIN');
      await c.query(`SELECT set_config('${DEFER_ROLLUPS_SETTING}', 'on', true)`);
      await writeBlocks(
        c,
        snaps.filter((s) => s.market === B),
        trades.filter((t) => t.market === B),
      );
      await c.query('COMMIT');
      expect(await storedCandles(c)).toEqual(before);
      await c.query('SELECT candles_rebuild()');
      const b = (rows: string[]) => rows.filter((r) => r.startsWith(B));
      expect(b(await storedCandles(c))).toEqual(b(expectedCandles(snaps, trades)));
      // TRUNCATE (not deferred) rebuilds from what is left.
      await c.query('TRUNCATE trades');
      expect((await c.query('SELECT sum(trade_count)::int AS n FROM candles')).rows[0].n).toBe(0);
      expect((await c.query('SELECT count(*)::int AS n FROM candles WHERE resolution = 60')).rows[0].n).toBeGreaterThan(0);
    });
  }, 180_000);
});

describe('candlesWithOpenInterest', () => {
  const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 0, 10, 0, minute, second));
  const prices = {
    open_sqrt_x96: null,
    high_sqrt_x96: null,
    low_sqrt_x96: null,
    close_sqrt_x96: null,
    open_index_x96: null,
    high_index_x96: null,
    low_index_x96: null,
    close_index_x96: null,
  };
  const candle = (minute: number): CandlePageRow => ({
    bucket: at(minute),
    ...prices,
    volume_usd: '0',
    volume_perps: '0',
    trade_count: 0,
    open_interest_long: null,
    open_interest_short: null,
    point_id: null,
  });
  const point = (minute: number, second: number, id: number, long: string): CandlePageRow => ({
    bucket: at(minute, second),
    ...prices,
    volume_usd: null as unknown as string,
    volume_perps: null as unknown as string,
    trade_count: null,
    open_interest_long: long,
    open_interest_short: '0',
    point_id: String(id),
  });

  it("gives each candle the latest point before its start, by (time, id), in candlesPageSql's order (newest first, points before the candle at equal time)", () => {
    // Points: 00:00:30 (ids 1 and 2: the higher wins), 00:02:00 exactly at a candle's start, 00:02:10.
    const rows = [candle(3), point(2, 10, 5, '7'), point(2, 0, 4, '4'), candle(2), candle(1), point(0, 30, 2, '2.5'), point(0, 30, 1, '1'), candle(0)];
    const out = candlesWithOpenInterest(rows);
    expect(out.map((c) => [c.bucket.getTime(), c.open_interest_long])).toEqual([
      [at(3).getTime(), '7'],
      [at(2).getTime(), '2.5'],
      [at(1).getTime(), '2.5'],
      [at(0).getTime(), null],
    ]);
    expect(candlesWithOpenInterest([])).toEqual([]);
  });
});
