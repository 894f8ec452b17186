import { createHash } from 'node:crypto';
import { API_KEY_PREFIX, generateApiKey, hashApiKey, keyPreview, looksLikeApiKey } from './api-key-secret';

describe('API key secrets', () => {
  it('are mdk_ + base64url of 32 random bytes, never twice the same', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    for (const key of keys) {
      expect(key).toMatch(/^mdk_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(key.slice(API_KEY_PREFIX.length), 'base64url')).toHaveLength(32);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are stored as their SHA-256 digest', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toEqual(createHash('sha256').update(key).digest());
    expect(hashApiKey(key)).toHaveLength(32);
  });

  it('are previewed as the first 8 characters, "...", the last 4', () => {
    expect(keyPreview('mdk_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')).toBe('mdk_abcd...DEFG');
    const key = generateApiKey();
    const preview = keyPreview(key);
    expect(preview).toHaveLength(15);
    expect(key.startsWith(preview.slice(0, 8)) && key.endsWith(preview.slice(-4))).toBe(true);
  });

  it('refuse obviously foreign values before any lookup', () => {
    expect(looksLikeApiKey(generateApiKey())).toBe(true);
    expect(looksLikeApiKey('sk_live_123')).toBe(false);
    expect(looksLikeApiKey(`mdk_${'a'.repeat(300)}`)).toBe(false);
  });
});
