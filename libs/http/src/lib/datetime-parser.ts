import { Parsed, accept, issues, reject } from './validation-issue';

// Accepts what pydantic v2 (speedate) accepts for a datetime: RFC 3339 / ISO 8601 with
// `T`, `t`, `_` or space between date and time, optional seconds and fraction, `Z` or a
// numeric offset; a bare date (midnight); or Unix seconds (milliseconds past 2e10).
// A datetime without an offset is taken as UTC.
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[Tt_ ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UNIX = /^[+-]?\d+(?:\.\d+)?$/;
// An unencoded `+` in a query string arrives as a space: `...T10:00:00 02:00` meant `+02:00`.
const SPACE_FOR_PLUS = /^(.{10}[Tt_ ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?) (\d{2}(?::?\d{2})?)$/;
const MS_THRESHOLD = 2e10;
const MAX_DATE_MS = 8.64e15;

const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysInMonth = (year: number, month: number): number => (month === 2 && isLeap(year) ? 29 : DAYS[month - 1]);

// Date.UTC would map years 0-99 onto 1900-1999; setUTCFullYear does not.
function utcDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date;
}

function fullDateTime(text: string): Date | undefined {
  const m = DATETIME.exec(text.replace(SPACE_FOR_PLUS, '$1+$2'));
  if (!m) return undefined;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  // JS dates hold milliseconds; finer digits are truncated, as pydantic truncates past microseconds.
  const ms = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  let offsetMinutes = 0;
  if (m[9] !== undefined) {
    const offH = Number(m[10]);
    const offM = m[11] === undefined ? 0 : Number(m[11]);
    if (offH > 23 || offM > 59) return undefined;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (offH * 60 + offM);
  }
  return new Date(utcDate(year, month, day, hour, minute, second, ms).getTime() - offsetMinutes * 60_000);
}

const DIGIT = /\d/;
// speedate's date errors, in the order it checks; pydantic reports these for a bad datetime.
function dateError(text: string): string | undefined {
  if (text.length < 10) return 'input is too short';
  for (let i = 0; i < 4; i++) if (!DIGIT.test(text[i])) return 'invalid character in year';
  if (text[4] !== '-') return 'invalid date separator, expected `-`';
  if (!DIGIT.test(text[5]) || !DIGIT.test(text[6])) return 'invalid character in month';
  if (text[7] !== '-') return 'invalid date separator, expected `-`';
  if (!DIGIT.test(text[8]) || !DIGIT.test(text[9])) return 'invalid character in day';
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (month < 1 || month > 12) return 'month value is outside expected range of 1-12';
  if (day < 1 || day > daysInMonth(year, month)) return 'day value is outside expected range';
  if (text.length > 10) return 'unexpected extra characters at the end of the input';
  return undefined;
}

function fromUnix(seconds: number): Parsed<Date> {
  const ms = Math.abs(seconds) > MS_THRESHOLD ? seconds : seconds * 1000;
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS) {
    return reject(issues.datetimeParsing('timestamp value is outside expected range'));
  }
  return accept(new Date(Math.trunc(ms)));
}

/** Parses a datetime input the way pydantic v2 does in lax mode, reporting its error types. */
export function parseDateTime(raw: unknown): Parsed<Date> {
  if (raw instanceof Date) {
    return Number.isNaN(raw.getTime()) ? reject(issues.datetimeType()) : accept(raw);
  }
  if (typeof raw === 'number') return Number.isFinite(raw) ? fromUnix(raw) : reject(issues.datetimeType());
  if (typeof raw !== 'string') return reject(issues.datetimeType());
  const full = fullDateTime(raw);
  if (full) return accept(full);
  if (UNIX.test(raw)) return fromUnix(Number(raw));
  const date = DATE.exec(raw);
  if (date && dateError(raw) === undefined) return accept(utcDate(Number(date[1]), Number(date[2]), Number(date[3])));
  return reject(issues.datetimeFromDateParsing(dateError(raw) ?? 'invalid datetime'));
}
