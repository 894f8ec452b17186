import { createHash } from 'node:crypto';

/** A strong ETag of exact JSON text, or of its UTF-8 bytes (same body, same tag, on every replica). */
export function etagOfJson(json: string | Buffer): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
}

/** A strong ETag: a hash of the exact JSON body (same body, same tag, on every replica). */
export function strongEtag(body: unknown): string {
  return etagOfJson(JSON.stringify(body) ?? '');
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
