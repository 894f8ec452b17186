import { Type } from '@nestjs/common';
import { IntField } from './field-decorators';
import { PAGE_LIMITS, PageLimits } from './pagination';

export interface PageQueryFields {
  limit: number;
  offset: number;
}

/**
 * A query DTO base with `limit` (min..max, default) and `offset` (>= 0, default 0):
 * `class TradesQuery extends PageQuery(PAGE_LIMITS.trades) { ... }`.
 */
export function PageQuery(limits: PageLimits): Type<PageQueryFields> {
  class PageQueryDto implements PageQueryFields {
    @IntField({ ge: limits.min, le: limits.max, default: limits.default, description: 'Page size' })
    limit!: number;

    @IntField({ ge: 0, default: 0, description: 'Number of items to skip' })
    offset!: number;
  }
  return PageQueryDto;
}

export class MarketsPageQuery extends PageQuery(PAGE_LIMITS.markets) {}
export class PositionsPageQuery extends PageQuery(PAGE_LIMITS.positions) {}
export class LiquidatablePageQuery extends PageQuery(PAGE_LIMITS.liquidatable) {}
export class SnapshotsPageQuery extends PageQuery(PAGE_LIMITS.snapshots) {}
export class OiPageQuery extends PageQuery(PAGE_LIMITS.oi) {}
export class TradesPageQuery extends PageQuery(PAGE_LIMITS.trades) {}
export class HistoryPageQuery extends PageQuery(PAGE_LIMITS.history) {}
