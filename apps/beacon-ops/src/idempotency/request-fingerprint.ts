import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so the same request always serialises the same way. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'bigint') return v.toString();
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      }
      return v;
    }) ?? 'null'
  );
}

/** sha256 (hex) of the canonical JSON of `value`: what "the same request" means for a retry. */
export function requestFingerprint(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
