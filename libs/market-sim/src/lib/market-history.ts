import { Client } from 'pg';

/** The markets row's figures the history tables record (migration 010), with the row's time. */
export interface MarketHistoryFigures {
  fundingPerDay: bigint | null;
  cumulativeFundingX96: bigint;
  openInterestLong: bigint;
  openInterestShort: bigint;
  capacityLong: bigint;
  capacityShort: bigint;
  /** Unix seconds: the markets row's last_touched_at. */
  lastTouchedAt: number;
}

/** Rows buffered before one INSERT: bounded memory on the bench preset's millions of points. */
const FLUSH_ROWS = 10_000;

const sameFunding = (a: MarketHistoryFigures, b: MarketHistoryFigures) =>
  a.fundingPerDay === b.fundingPerDay && a.cumulativeFundingX96 === b.cumulativeFundingX96;
const sameOpenInterest = (a: MarketHistoryFigures, b: MarketHistoryFigures) =>
  a.openInterestLong === b.openInterestLong &&
  a.openInterestShort === b.openInterestShort &&
  a.capacityLong === b.capacityLong &&
  a.capacityShort === b.capacityShort;

const text = (x: bigint | null) => (x === null ? null : x.toString());

/**
 * The funding_history and open_interest_history rows that writing the markets row with each
 * observed state would record through its trigger (markets_history_write, migration 010): a
 * point per table when its figures differ from the market's last point, at the row's
 * last_touched_at, without a block. Written in bulk instead of as one markets UPDATE per
 * simulated change, which the bench preset's millions of changes would make too slow;
 * market-history.spec.ts checks that both paths give the same rows.
 *
 * The simulator observes every market once per step (its "block": the indexer also writes the
 * row once per block, with the block's last state), so changes within one step are one point.
 */
export class MarketHistoryRecorder {
  private readonly last = new Map<string, { funding: MarketHistoryFigures; openInterest: MarketHistoryFigures }>();
  private funding: Array<[string, MarketHistoryFigures]> = [];
  private openInterest: Array<[string, MarketHistoryFigures]> = [];
  rows = { funding: 0, openInterest: 0 };

  observe(perpAddress: string, figures: MarketHistoryFigures): void {
    const last = this.last.get(perpAddress);
    const fundingChanged = !last || !sameFunding(last.funding, figures);
    const openInterestChanged = !last || !sameOpenInterest(last.openInterest, figures);
    if (fundingChanged) this.funding.push([perpAddress, figures]);
    if (openInterestChanged) this.openInterest.push([perpAddress, figures]);
    if (fundingChanged || openInterestChanged)
      this.last.set(perpAddress, { funding: fundingChanged ? figures : last!.funding, openInterest: openInterestChanged ? figures : last!.openInterest });
  }

  get needsFlush(): boolean {
    return this.funding.length + this.openInterest.length >= FLUSH_ROWS;
  }

  /** Inserts the buffered points (before the markets rows: their insert then finds its last point recorded and adds none). */
  async flush(client: Client): Promise<void> {
    const funding = this.funding;
    const openInterest = this.openInterest;
    this.funding = [];
    this.openInterest = [];
    if (funding.length > 0) {
      await client.query(
        `INSERT INTO funding_history (perp_address, "timestamp", block_number, funding_per_day, cumulative_funding_x96)
         SELECT p, to_timestamp(t), NULL, f, c FROM unnest($1::varchar[], $2::bigint[], $3::numeric[], $4::numeric[]) AS u(p, t, f, c)`,
        [
          funding.map(([p]) => p),
          funding.map(([, f]) => f.lastTouchedAt),
          funding.map(([, f]) => text(f.fundingPerDay)),
          funding.map(([, f]) => text(f.cumulativeFundingX96)),
        ],
      );
    }
    if (openInterest.length > 0) {
      await client.query(
        `INSERT INTO open_interest_history (perp_address, "timestamp", block_number, open_interest_long, open_interest_short, capacity_long, capacity_short)
         SELECT p, to_timestamp(t), NULL, l, s, cl, cs FROM unnest($1::varchar[], $2::bigint[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[]) AS u(p, t, l, s, cl, cs)`,
        [
          openInterest.map(([p]) => p),
          openInterest.map(([, f]) => f.lastTouchedAt),
          openInterest.map(([, f]) => text(f.openInterestLong)),
          openInterest.map(([, f]) => text(f.openInterestShort)),
          openInterest.map(([, f]) => text(f.capacityLong)),
          openInterest.map(([, f]) => text(f.capacityShort)),
        ],
      );
    }
    this.rows.funding += funding.length;
    this.rows.openInterest += openInterest.length;
  }
}
