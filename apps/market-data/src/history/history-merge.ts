import { formatDecimal } from '@perp/x96-math';
import { toIsoUtc } from '../common';
import { HistoryPointDto } from './history-point.dto';

/** A source measurement; `ts_key` is its exact (microsecond) UTC time, the join key with snapshots. */
export interface MeasurementRow {
  ts: Date;
  ts_key: string;
  raw_value: number | null;
  index_x96: string | null;
  origin: string;
  /** ts >= the market's boundary (false when the market has no boundary). */
  on_chain: boolean;
}

/** An index that is null or <= 0 means "no index at this tick": null, and the point stays. */
function indexOrNull(x96: string | null | undefined): string | null {
  if (x96 === null || x96 === undefined) return null;
  const value = BigInt(x96);
  return value > 0n ? formatDecimal(value) : null;
}

/**
 * DESIGN.md "history merge": every raw point is kept, in order. Before the boundary the
 * index and origin are the source row's own; at and after it, the index is the on-chain
 * snapshot's at that same timestamp (`chainIndex`, keyed by ts_key) and the origin is
 * `chain`. No forward-fill: a point with no snapshot at its exact time has a null index.
 */
export function mergeHistory(rows: MeasurementRow[], chainIndex: ReadonlyMap<string, string | null>): HistoryPointDto[] {
  return rows.map((row) => ({
    ts: toIsoUtc(row.ts),
    raw_value: row.raw_value !== null && Number.isFinite(row.raw_value) ? row.raw_value : null,
    index_x96: indexOrNull(row.on_chain ? chainIndex.get(row.ts_key) : row.index_x96),
    origin: row.on_chain ? 'chain' : row.origin,
  }));
}
