import { Type } from '@nestjs/common';
import { DateTimeField, PageLimits, PageQuery, PageQueryFields } from '@perp/http';

export interface TimeRangeFields {
  start_time?: Date;
  end_time?: Date;
}

/**
 * A page query with an optional, inclusive time range (DESIGN.md §4: both bounds inclusive;
 * ISO 8601 in, naive = UTC): `class SnapshotsQuery extends TimeRangePageQuery(PAGE_LIMITS.snapshots) {}`.
 */
export function TimeRangePageQuery(limits: PageLimits): Type<PageQueryFields & TimeRangeFields> {
  // No example bounds: "Try it out" would send them, and a fixed day outside the data gives an empty page.
  class TimeRangePageQueryDto extends PageQuery(limits) implements TimeRangeFields {
    @DateTimeField({ description: 'Inclusive lower bound (ISO 8601; no offset means UTC)' })
    start_time?: Date;

    @DateTimeField({ description: 'Inclusive upper bound (ISO 8601; no offset means UTC)' })
    end_time?: Date;
  }
  return TimeRangePageQueryDto;
}

/**
 * The inclusive range as SQL conditions on a timestamp column, appending to `params`:
 * `"timestamp" >= $n AND "timestamp" <= $m` (the shape the (perp_address, timestamp) indexes serve).
 * Returns [] when neither bound is set.
 */
export function timeRangeConditions(column: string, range: TimeRangeFields, params: unknown[]): string[] {
  const conditions: string[] = [];
  if (range.start_time) {
    params.push(range.start_time);
    conditions.push(`${column} >= $${params.length}`);
  }
  if (range.end_time) {
    params.push(range.end_time);
    conditions.push(`${column} <= $${params.length}`);
  }
  return conditions;
}
