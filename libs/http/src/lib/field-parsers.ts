import { Parsed, accept, issues, reject } from './validation-issue';

// Pure parsers, one per field kind, following pydantic v2's lax mode: they take a query,
// path or JSON input and return the converted value or the issue pydantic would report.

export interface IntBounds {
  ge?: number;
  le?: number;
}

const INT_STRING = /^[+-]?\d+(?:\.0*)?$/;
const WHITESPACE = /^\s+|\s+$/g;

function checkBounds(value: number, bounds: IntBounds): Parsed<number> {
  if (bounds.le !== undefined && value > bounds.le) return reject(issues.lessThanEqual(bounds.le));
  if (bounds.ge !== undefined && value < bounds.ge) return reject(issues.greaterThanEqual(bounds.ge));
  return accept(value);
}

export function parseInteger(raw: unknown, bounds: IntBounds = {}): Parsed<number> {
  let value: number;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return reject(issues.intParsing());
    if (!Number.isInteger(raw)) return reject(issues.intFromFloat());
    value = raw;
  } else if (typeof raw === 'string') {
    const text = raw.replace(WHITESPACE, '');
    if (!INT_STRING.test(text)) return reject(issues.intParsing());
    value = Number.parseInt(text, 10) || 0; // no -0
  } else if (typeof raw === 'boolean') {
    value = raw ? 1 : 0;
  } else if (typeof raw === 'bigint') {
    // A JSON integer literal beyond 2^53 (kept exact by the body parser).
    return beyondSafeRange(Number(raw), bounds);
  } else {
    return reject(issues.intType());
  }
  // '9223372036854775808' or 1e300: no longer exact as a number, and beyond what Postgres'
  // int8 takes (an OFFSET of 2^63 was a database error, a 500).
  if (!Number.isSafeInteger(value)) return beyondSafeRange(value, bounds);
  return checkBounds(value, bounds);
}

/** A number field cannot hold it: a bound it breaks is reported as such, else a value error. */
function beyondSafeRange(approx: number, bounds: IntBounds): Parsed<never> {
  if (bounds.le !== undefined && approx > bounds.le) return reject(issues.lessThanEqual(bounds.le));
  if (bounds.ge !== undefined && approx < bounds.ge) return reject(issues.greaterThanEqual(bounds.ge));
  return reject(issues.valueError('integer is beyond the range this field accepts (±9007199254740991)'));
}

export interface BigIntBounds {
  ge?: bigint;
  le?: bigint;
}

// ctx must stay JSON-serialisable: a bound beyond 2^53 is given as a string.
const ctxNumber = (n: bigint): number | string => (Number.isSafeInteger(Number(n)) ? Number(n) : n.toString());

/** An integer of any size (uint256 and the like): a JSON integer or a decimal integer string. */
export function parseBigInteger(raw: unknown, bounds: BigIntBounds = {}): Parsed<bigint> {
  let value: bigint;
  if (typeof raw === 'bigint') {
    value = raw;
  } else if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return reject(issues.intParsing());
    if (!Number.isInteger(raw)) return reject(issues.intFromFloat());
    // Integer literals beyond 2^53 arrive as bigint (see the body parser); a number this
    // large was written as a float (1e21) and is rounded already: refuse, never guess.
    if (!Number.isSafeInteger(raw)) {
      return reject(issues.valueError('number too large to be exact: write it as an integer literal or a decimal string'));
    }
    value = BigInt(raw);
  } else if (typeof raw === 'string') {
    const text = raw.replace(WHITESPACE, '');
    if (!INT_STRING.test(text)) return reject(issues.intParsing());
    value = BigInt(text.split('.')[0]);
  } else {
    return reject(issues.intType());
  }
  if (bounds.le !== undefined && value > bounds.le) return reject(issues.lessThanEqual(ctxNumber(bounds.le)));
  if (bounds.ge !== undefined && value < bounds.ge) return reject(issues.greaterThanEqual(ctxNumber(bounds.ge)));
  return accept(value);
}

const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

export function parseBoolean(raw: unknown): Parsed<boolean> {
  if (typeof raw === 'boolean') return accept(raw);
  if (typeof raw === 'bigint') return reject(issues.boolParsing());
  if (typeof raw === 'number') {
    if (raw === 1) return accept(true);
    if (raw === 0) return accept(false);
    return reject(issues.boolParsing());
  }
  if (typeof raw === 'string') {
    const word = raw.toLowerCase();
    if (TRUE_WORDS.has(word)) return accept(true);
    if (FALSE_WORDS.has(word)) return accept(false);
    return reject(issues.boolParsing());
  }
  return reject(issues.boolType());
}

export function parseLiteral<T extends string | number>(raw: unknown, values: readonly T[]): Parsed<T> {
  // Query values are strings: '5' matches a numeric literal 5, as FastAPI's lax mode does.
  const match = values.find((v) => v === raw || (typeof v === 'number' && typeof raw === 'string' && String(v) === raw));
  return match === undefined ? reject(issues.literal(values)) : accept(match);
}

export interface StringRules {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export function parseString(raw: unknown, rules: StringRules = {}): Parsed<string> {
  if (typeof raw !== 'string') return reject(issues.stringType());
  // Python counts code points, not UTF-16 units.
  const length = [...raw].length;
  if (rules.minLength !== undefined && length < rules.minLength) return reject(issues.stringTooShort(rules.minLength));
  if (rules.maxLength !== undefined && length > rules.maxLength) return reject(issues.stringTooLong(rules.maxLength));
  if (rules.pattern !== undefined && !new RegExp(rules.pattern, 'u').test(raw)) {
    return reject(issues.stringPatternMismatch(rules.pattern));
  }
  return accept(raw);
}

export const ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';

/** An EVM address in any case, returned lower-cased. */
export function parseAddress(raw: unknown): Parsed<string> {
  const parsed = parseString(raw, { pattern: ADDRESS_PATTERN });
  return parsed.ok ? accept(parsed.value.toLowerCase()) : parsed;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const NON_FINITE = /^[+-]?(?:nan|inf|infinity)$/i;
const MAX_EXPONENT = 1000;

// Plain positional notation (no exponent, no redundant zeros) so callers can hand the
// string to any decimal library or compare it with the spec's decimal regex.
function toPlainDecimal(sign: string, intPart: string, fracPart: string, exponent: number): string {
  const digits = (intPart + fracPart).replace(/^0+/, '');
  if (digits === '') return '0';
  const point = intPart.length + exponent - (intPart + fracPart).length + digits.length;
  let whole: string;
  let frac: string;
  if (point <= 0) {
    whole = '0';
    frac = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    whole = digits + '0'.repeat(point - digits.length);
    frac = '';
  } else {
    whole = digits.slice(0, point);
    frac = digits.slice(point);
  }
  frac = frac.replace(/0+$/, '');
  return `${sign === '-' ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

export interface DecimalRules {
  ge?: number;
}

/** A decimal given as a JSON number or a string; returned as a plain decimal string. */
export function parseDecimal(raw: unknown, rules: DecimalRules = {}): Parsed<string> {
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return reject(issues.finiteNumber());
    text = String(raw);
  } else if (typeof raw === 'bigint') {
    text = raw.toString(); // an integer literal beyond 2^53, exact
  } else if (typeof raw === 'string') {
    text = raw.replace(WHITESPACE, '');
  } else {
    return reject(issues.decimalType());
  }
  if (NON_FINITE.test(text)) return reject(issues.finiteNumber());
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return reject(issues.decimalParsing());
  const exponent = m[4] === undefined ? 0 : Number(m[4]);
  if (Math.abs(exponent) > MAX_EXPONENT) return reject(issues.decimalParsing());
  const value = toPlainDecimal(m[1], m[2], m[3] ?? '', exponent);
  if (rules.ge !== undefined && Number(value) < rules.ge) return reject(issues.greaterThanEqual(rules.ge));
  return accept(value);
}
