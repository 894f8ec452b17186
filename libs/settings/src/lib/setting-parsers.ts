/** Parsers for `setting()`: each throws a short reason that `loadSettings` prefixes with the variable name. */

export function integer({ min, max }: { min?: number; max?: number } = {}): (raw: string) => number {
  return (raw) => {
    if (!/^-?\d+$/.test(raw)) throw new Error('must be an integer');
    const value = Number(raw);
    if (!Number.isSafeInteger(value)) throw new Error('is out of range');
    if (min !== undefined && value < min) throw new Error(`must be at least ${min}`);
    if (max !== undefined && value > max) throw new Error(`must be at most ${max}`);
    return value;
  };
}

export const port = integer({ min: 1, max: 65535 });

export function url(protocols: string[]): (raw: string) => string {
  return (raw) => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new Error('must be a URL');
    }
    const protocol = parsed.protocol.replace(/:$/, '');
    if (!protocols.includes(protocol)) throw new Error(`must be a ${protocols.join(' or ')} URL`);
    return raw;
  };
}

export const postgresUrl = url(['postgres', 'postgresql']);
export const httpUrl = url(['http', 'https']);

/** Comma-separated list (for rotation: several tokens or keys valid at once). */
export function list<T = string>(item: (raw: string) => T = (raw) => raw as unknown as T, { min = 0 }: { min?: number } = {}): (raw: string) => T[] {
  return (raw) => {
    const items = raw
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part.length > 0);
    if (items.length < min) throw new Error(`must list at least ${min} comma-separated value${min === 1 ? '' : 's'}`);
    return items.map((part, index) => {
      try {
        return item(part);
      } catch (error) {
        throw new Error(`item ${index + 1} ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  };
}

/** Shortest API key or bearer token accepted: 32 characters, too many to guess online. */
export const MIN_SECRET_LENGTH = 32;

export function secretToken({ minLength = MIN_SECRET_LENGTH }: { minLength?: number } = {}): (raw: string) => string {
  return (raw) => {
    if (raw.length < minLength) throw new Error(`must be at least ${minLength} characters`);
    return raw;
  };
}

/**
 * Comma-separated secrets (several valid at once, for rotation): at least one, each strong
 * enough, none blank (a stray comma is a missing secret, not one fewer) and none twice.
 */
export function secretList({ minLength = MIN_SECRET_LENGTH }: { minLength?: number } = {}): (raw: string) => string[] {
  return (raw) => {
    const items = raw.split(',').map((part) => part.trim());
    if (items.every((item) => item === '')) throw new Error('is blank');
    const token = secretToken({ minLength });
    items.forEach((item, index) => {
      if (item === '') throw new Error(`item ${index + 1} is blank`);
      try {
        token(item);
      } catch (error) {
        throw new Error(`item ${index + 1} ${(error as Error).message}`);
      }
    });
    if (new Set(items).size !== items.length) throw new Error('lists the same value twice');
    return items;
  };
}

/** `true` or `false` (case-insensitive). */
export function flag(raw: string): boolean {
  const value = raw.toLowerCase();
  if (value !== 'true' && value !== 'false') throw new Error('must be true or false');
  return value === 'true';
}

export function oneOf<T extends string>(...values: T[]): (raw: string) => T {
  return (raw) => {
    if (!(values as string[]).includes(raw)) throw new Error(`must be one of ${values.join(', ')}`);
    return raw as T;
  };
}

/** Order of secp256k1: a private key is an integer in [1, n - 1]. */
const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

export function privateKey(raw: string): string {
  const hex = raw.startsWith('0x') ? raw : `0x${raw}`;
  if (!/^0x[0-9a-fA-F]{64}$/.test(hex)) throw new Error('must be a 32-byte hex private key');
  const value = BigInt(hex);
  if (value === 0n || value >= SECP256K1_ORDER) throw new Error('is not a valid secp256k1 private key (0 or not below the curve order)');
  return hex.toLowerCase();
}

export function address(raw: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(raw)) throw new Error('must be a 0x-prefixed 20-byte hex address');
  return raw.toLowerCase();
}

export function optional<T>(parse: (raw: string) => T): (raw: string) => T | undefined {
  return (raw) => (raw === '' ? undefined : parse(raw));
}
