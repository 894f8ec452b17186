import { randomBytes } from 'node:crypto';
import { sha256 } from '@perp/auth';

/** Every developer or bot key starts with it, so a leaked one is recognisable (secret scanners). */
export const API_KEY_PREFIX = 'mdk_';
const SECRET_BYTES = 32;
// Far above any key we issue; bounds the hashing work an anonymous caller can ask for.
const MAX_PRESENTED_LENGTH = 256;

/** `mdk_` + base64url of 32 random bytes (43 characters). Shown once, at creation. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
}

/** The only form a key is stored and looked up in. */
export function hashApiKey(key: string): Buffer {
  return sha256(key);
}

/** What listings show: first 8 characters + `...` + last 4. */
export function keyPreview(key: string): string {
  return `${key.slice(0, 8)}...${key.slice(-4)}`;
}

/** Could this be a key we issued? Anything else is refused without a store lookup. */
export function looksLikeApiKey(presented: string): boolean {
  return presented.startsWith(API_KEY_PREFIX) && presented.length <= MAX_PRESENTED_LENGTH;
}
