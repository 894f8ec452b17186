/**
 * The deprecated `perp` field of unversioned shapes carries the same value as
 * `perp_address` (spec "Versioning"). Use this so the alias can never drift:
 * `withPerpAlias({ id, perp_address, ... })` -> `{ id, perp_address, perp: perp_address, ... }`
 * (`perp` right after `perp_address`, as the spec tables list it).
 */
export function withPerpAlias<T extends { perp_address: string | null }>(shape: T): T & { perp: T['perp_address'] } {
  // for...in over the (plain, literal) shape: no [key, value] array per field, which a
  // page of markets (35 fields each) would otherwise allocate by the thousand per request.
  const out: Record<string, unknown> = {};
  for (const key in shape) {
    if (key === 'perp') continue;
    const value = shape[key];
    out[key] = value;
    if (key === 'perp_address') out['perp'] = value;
  }
  return out as T & { perp: T['perp_address'] };
}
