import { createHash } from 'node:crypto';

/** A strong ETag: a hash of the exact JSON body (same body, same tag, on every replica). */
export function strongEtag(body: unknown): string {
  const json = JSON.stringify(body) ?? '';
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
}

/**
 * Whether `If-None-Match` matches `etag`. RFC 9110 §13.1.2: a list of tags or `*`,
 * compared weakly (a `W/` prefix is ignored).
 */
export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return value.split(',').some((tag) => opaque(tag) === opaque(etag));
}
