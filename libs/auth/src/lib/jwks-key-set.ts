import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createLocalJWKSet, createRemoteJWKSet, JWTVerifyGetKey } from 'jose';

/** Where the verification keys are: the identity provider's JWKS URL, or a JWKS file. */
export type JwksSource = { url: string } | { file: string };

/** The key set cannot be read (file missing or invalid, URL unreachable): a server-side problem. */
export class JwksUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'JwksUnavailableError';
  }
}

export interface JwksKeySet {
  /** e.g. `JWKS file /srv/jwks.json`, for logs. */
  readonly description: string;
  /** The key resolver for jose's jwtVerify. */
  keys(): Promise<JWTVerifyGetKey>;
}

export function jwksKeySet(source: JwksSource): JwksKeySet {
  return 'url' in source ? new RemoteJwks(source.url) : new FileJwks(resolve(source.file));
}

/** jose's remote set: cached, refetched on an unknown `kid` (with a cooldown), bounded by a timeout. */
class RemoteJwks implements JwksKeySet {
  readonly description: string;
  private readonly resolver: JWTVerifyGetKey;

  constructor(url: string) {
    this.description = `JWKS URL ${url}`;
    const remote = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
    this.resolver = async (header, token) => {
      try {
        return await remote(header, token);
      } catch (error) {
        const code = (error as { code?: string }).code;
        // A missing kid is the token's fault; a fetch that failed is the provider's.
        if (code === 'ERR_JWKS_NO_MATCHING_KEY' || code === 'ERR_JWKS_MULTIPLE_MATCHING_KEYS') throw error;
        throw new JwksUnavailableError(`cannot fetch ${this.description}: ${(error as Error).message}`, { cause: error });
      }
    };
  }

  async keys(): Promise<JWTVerifyGetKey> {
    return this.resolver;
  }
}

/**
 * A JWKS file (the dev stack's local key, or a mounted secret). Re-read when it changes,
 * so a key created or rotated after start is picked up without a restart.
 */
class FileJwks implements JwksKeySet {
  readonly description: string;
  private loaded?: { version: string; resolver: JWTVerifyGetKey };

  constructor(private readonly path: string) {
    this.description = `JWKS file ${path}`;
  }

  async keys(): Promise<JWTVerifyGetKey> {
    let version: string;
    try {
      const info = await stat(this.path);
      version = `${info.mtimeMs}:${info.size}`;
    } catch (error) {
      throw new JwksUnavailableError(`${this.description} cannot be read: ${(error as Error).message}`, { cause: error });
    }
    if (this.loaded?.version === version) return this.loaded.resolver;
    let resolver: JWTVerifyGetKey;
    try {
      resolver = createLocalJWKSet(JSON.parse(await readFile(this.path, 'utf8')));
    } catch (error) {
      throw new JwksUnavailableError(`${this.description} is not a valid JWKS: ${(error as Error).message}`, { cause: error });
    }
    this.loaded = { version, resolver };
    return resolver;
  }
}
