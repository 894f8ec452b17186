import { PAGE_LIMITS } from '@perp/http';
import { TimeRangePageQuery } from '../common';

/** GET /markets/{perp_address}/snapshots (and /v1): inclusive time range, limit 1-1000, default 100. */
export class SnapshotsQuery extends TimeRangePageQuery(PAGE_LIMITS.snapshots) {}

/** GET /markets/{perp_address}/trades (and /v1): inclusive time range, limit 1-500, default 50. */
export class TradesQuery extends TimeRangePageQuery(PAGE_LIMITS.trades) {}

/** GET /markets/{perp_address}/funding and /open-interest: inclusive time range, limit 1-1000, default 100 (as /v1/markets/{market_id}/oi). */
export class MarketHistoryQuery extends TimeRangePageQuery(PAGE_LIMITS.oi) {}
