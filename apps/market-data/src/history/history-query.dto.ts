import { PAGE_LIMITS } from '@perp/http';
import { TimeRangePageQuery } from '../common';

/** GET /markets/{ticker}/history: inclusive time range, limit 1-1000, default 500, oldest first. */
export class HistoryQuery extends TimeRangePageQuery(PAGE_LIMITS.history) {}
