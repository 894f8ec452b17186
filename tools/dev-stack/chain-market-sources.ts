// What the chain does not carry about the dev chain's markets, filled in the way an operator and the
// source pipeline would: the cosmetic fields of each markets row (ticker, description, ...; the
// indexer never overwrites them) and the raw source series of the source store (a backfilled week
// before the market existed, then one point per index change on chain).
import { withPgClient } from '@perp/local-infra';
import { PriceModel, Rng, themedMarket } from '@perp/market-sim';
import { x96ToPrice } from '@perp/x96-math';
import { sqrtX96Of } from '../chain-driver/sqrt-x96';

const BACKFILL_DAYS = 7;
const BACKFILL_STEP_SECONDS = 3_600;

export interface ChainMarketRef {
  /** The market's place in the drive: its theme. */
  index: number;
  perp: string;
  /** Its first index (the backfill ends there). */
  initialIndexX96: bigint;
}

/** Sets the cosmetic fields of each market still without a ticker (an operator's own edits stay). */
export async function describeChainMarkets(indexUrl: string, markets: ChainMarketRef[]): Promise<void> {
  await withPgClient(indexUrl, async (c) => {
    for (const m of markets) {
      const { theme, name, symbol } = themedMarket(m.index);
      await c.query(
        `UPDATE markets SET ticker = $2, description = $3, photo_url = $4, data_source = $5, card_label = $6 WHERE perp_address = $1 AND ticker IS NULL`,
        [
          m.perp.toLowerCase(),
          symbol,
          `Perpetual on ${name.toLowerCase()}, settled against its ${theme.label.toLowerCase()} beacon (dev chain).`,
          `https://assets.perp.city/markets/${symbol.toLowerCase()}.png`,
          theme.source,
          theme.label,
        ],
      );
    }
  });
}

/**
 * The source store's series of each market: once, a boundary at the market's creation and a week of
 * hourly backfill before it (a price path that ends at its first index); then, at every start, one
 * 'chain' point per snapshot whose index differs from the one before, from the last point on.
 */
export async function syncChainMarketSources(indexUrl: string, sourceUrl: string, markets: ChainMarketRef[]): Promise<number> {
  let written = 0;
  for (const m of markets) {
    const perp = m.perp.toLowerCase();
    const created = await withPgClient(
      indexUrl,
      async (c) => (await c.query(`SELECT created_at FROM markets WHERE perp_address = $1`, [perp])).rows[0]?.created_at as string | undefined,
    );
    if (created === undefined) continue;
    await withPgClient(sourceUrl, async (source) => {
      const boundary = await source.query(`SELECT 1 FROM market_boundaries WHERE perp_address = $1`, [perp]);
      if (boundary.rowCount === 0) {
        const createdAt = Number(created);
        await source.query(`INSERT INTO market_boundaries (perp_address, boundary_ts) VALUES ($1, to_timestamp($2))`, [perp, createdAt]);
        written += await insertPoints(source, perp, backfill(m, createdAt), 'backfill');
      }
      const last = (await source.query(`SELECT max(ts) AS ts FROM measurements WHERE perp_address = $1 AND origin = 'chain'`, [perp])).rows[0]
        ?.ts as Date | null;
      const changes = await withPgClient(indexUrl, async (c) => {
        // Each index change once: the snapshot whose index differs from the previous snapshot's.
        const rows = await c.query(
          `SELECT floor(extract(epoch FROM "timestamp"))::bigint AS ts, index_price_x96 FROM (
             SELECT "timestamp", index_price_x96, lag(index_price_x96) OVER (ORDER BY "timestamp", id) AS before
             FROM snapshots WHERE perp_address = $1) s
           WHERE index_price_x96 IS NOT NULL AND index_price_x96 IS DISTINCT FROM before AND ($2::timestamptz IS NULL OR "timestamp" > $2)
           ORDER BY "timestamp"`,
          [perp, last],
        );
        return rows.rows.map((r) => ({ ts: Number(r.ts), indexX96: BigInt(r.index_price_x96 as string) }));
      });
      written += await insertPoints(source, perp, changes, 'chain');
    });
  }
  return written;
}

/** A week of hourly points that ends one step before `createdAt`, at the market's first index. */
function backfill(m: ChainMarketRef, createdAt: number): { ts: number; indexX96: bigint }[] {
  const sqrt = sqrtX96Of(m.initialIndexX96);
  const model = new PriceModel(
    { launchSqrtX96: sqrt, annualVol: 0.9, emaWindowSeconds: 3_600, minSqrtX96: sqrt / 10n, maxSqrtX96: sqrt * 10n },
    BACKFILL_STEP_SECONDS,
    new Rng(`dev-stack/backfill/${m.perp.toLowerCase()}`),
  );
  const steps = (BACKFILL_DAYS * 86_400) / BACKFILL_STEP_SECONDS;
  // Walked forward from the first index, laid out backward in time: a random walk either way.
  const points: { ts: number; indexX96: bigint }[] = [];
  for (let k = 1; k <= steps; k++) {
    model.advance();
    points.push({ ts: createdAt - k * BACKFILL_STEP_SECONDS, indexX96: model.indexX96 });
  }
  return points.reverse();
}

async function insertPoints(
  source: { query(sql: string, params: unknown[]): Promise<{ rowCount: number | null }> },
  perp: string,
  points: { ts: number; indexX96: bigint }[],
  origin: 'backfill' | 'chain',
): Promise<number> {
  if (points.length === 0) return 0;
  const result = await source.query(
    `INSERT INTO measurements (perp_address, ts, raw_value, index_x96, origin)
     SELECT $1, to_timestamp(t), v, x::numeric, $5 FROM unnest($2::bigint[], $3::float8[], $4::text[]) AS p(t, v, x)
     ON CONFLICT (perp_address, ts) DO NOTHING`,
    [perp, points.map((p) => p.ts), points.map((p) => Number(x96ToPrice(p.indexX96).toPrecision(15))), points.map((p) => p.indexX96.toString()), origin],
  );
  return result.rowCount ?? 0;
}
