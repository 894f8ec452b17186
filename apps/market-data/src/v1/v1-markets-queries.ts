import { MarketsPageQuery, PAGE_LIMITS } from '@perp/http';
import { TimeRangePageQuery } from '../common';

/** GET /v1/markets: limit 1-500 (default 100) and offset only. */
export class V1MarketsQuery extends MarketsPageQuery {}

/** GET /v1/markets/{market_id}/oi: inclusive time range, limit 1-1000, default 100. */
export class V1OiQuery extends TimeRangePageQuery(PAGE_LIMITS.oi) {}
