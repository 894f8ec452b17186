import { TableRow } from './cells';

/** Every column of `snapshots`, in writer order. */
export const SNAPSHOTS_COLUMNS = ['id', 'perp_address', 'timestamp', 'amm_price_x96', 'index_price_x96', 'block_number'] as const;

export type SnapshotsRow = TableRow<typeof SNAPSHOTS_COLUMNS>;

/** A snapshots row as `pg` returns it: numerics as strings, timestamptz as Date. */
export interface SnapshotApiRow {
  id: string;
  timestamp: Date;
  perp_address: string;
  amm_price_x96: string;
  index_price_x96: string | null;
}

/** The select list of a SnapshotApiRow. */
export const SNAPSHOT_API_COLUMNS = 'id, "timestamp", perp_address, amm_price_x96, index_price_x96';

/** The latest snapshot's time of market `m` (unix s): one probe of snapshots_market_time_idx. It is the time a market is marked at. */
export const MARK_AS_OF_SQL = `(SELECT floor(extract(epoch FROM s."timestamp"))::bigint FROM snapshots s WHERE s.perp_address = m.perp_address ORDER BY s."timestamp" DESC, s.id DESC LIMIT 1)`;
