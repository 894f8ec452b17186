import { randomBytes } from 'node:crypto';

/** A fresh secret of 43 characters (32 random bytes, base64url): what a production setting holds, never a dev default. */
export function strongSecret(): string {
  return randomBytes(32).toString('base64url');
}
