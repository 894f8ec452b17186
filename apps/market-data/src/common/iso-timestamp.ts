/**
 * Every date-time of a response: ISO 8601 in UTC with a `Z` (DESIGN.md §4, "time bounds").
 * `Date#toISOString` always renders UTC with milliseconds, e.g. `2026-01-01T00:00:00.000Z`.
 */
export function toIsoUtc(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date-time: ${String(value)}`);
  return date.toISOString();
}

/** Same, keeping null/undefined as null (nullable date-time fields). */
export function toIsoUtcOrNull(value: Date | string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : toIsoUtc(value);
}
