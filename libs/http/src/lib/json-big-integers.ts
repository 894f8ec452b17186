import { randomUUID } from 'node:crypto';

// JSON.parse turns every number into a double, so an integer literal beyond 2^53 arrives
// rounded (uint256 values, 2^96-scaled prices). Such literals are found with a small
// tokenizer and parsed again as BigInt, exactly as written; all other numbers stay numbers.

/** No JSON integer beyond MAX_SAFE_INTEGER is shorter than 16 digits (JSON has no leading zeros). */
const LONG_DIGIT_RUN = /\d{16}/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const MAX_SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER);

interface Span {
  start: number;
  end: number;
}

function isUnsafeInteger(token: string): boolean {
  if (/[.eE]/.test(token)) return false; // a float literal: JSON.parse's double is what was meant
  const digits = token.startsWith('-') ? token.slice(1) : token;
  return digits.length > MAX_SAFE_DIGITS.length || (digits.length === MAX_SAFE_DIGITS.length && digits > MAX_SAFE_DIGITS);
}

/** Where the integer literals beyond ±MAX_SAFE_INTEGER are, in a text already known to be valid JSON. */
function unsafeIntegerSpans(text: string): Span[] {
  const spans: Span[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      // Skip the string, escapes included: digits inside strings are text.
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      const end = match ? NUMBER.lastIndex : i + 1;
      if (match && isUnsafeInteger(match[0])) spans.push({ start: i, end });
      i = end;
    } else {
      i++;
    }
  }
  return spans;
}

/**
 * JSON.parse, except that integer literals beyond ±Number.MAX_SAFE_INTEGER come out as
 * exact BigInts. Throws what JSON.parse throws for malformed text. Costs a second parse
 * only when the text holds such a literal.
 */
export function parseJsonWithBigIntegers(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (!LONG_DIGIT_RUN.test(text)) return value;
  const spans = unsafeIntegerSpans(text);
  if (spans.length === 0) return value;
  // Each literal becomes a string with a per-parse random tag (a client cannot forge it),
  // which the reviver turns into a BigInt.
  const tag = `\u0000bigint:${randomUUID()}:`;
  let rewritten = '';
  let last = 0;
  for (const { start, end } of spans) {
    rewritten += text.slice(last, start) + JSON.stringify(tag + text.slice(start, end));
    last = end;
  }
  rewritten += text.slice(last);
  return JSON.parse(rewritten, (_key, v: unknown) => (typeof v === 'string' && v.startsWith(tag) ? BigInt(v.slice(tag.length)) : v));
}

/** A plain object of any realm (structuredClone's copies may come from another one, as under Jest). */
function isPlainObject(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** A copy of `value` with every BigInt as its decimal string (for echoing inputs in JSON); the same object when there is none. */
export function bigIntsToStrings(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) {
    const mapped = value.map(bigIntsToStrings);
    return mapped.some((item, i) => item !== value[i]) ? mapped : value;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    const mapped = entries.map(([k, v]) => [k, bigIntsToStrings(v)] as const);
    return mapped.some(([, v], i) => v !== entries[i][1]) ? Object.fromEntries(mapped) : value;
  }
  return value;
}
