import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, JsonWebKey, KeyObject, sign } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The dev stack's stand-in for an identity provider: an ES256 key pair kept in the dev
 * data folder. The private half signs developer tokens (`npm run dev-token`, tests); the
 * public half is the JWKS market-data verifies against. Local use only: production
 * services only ever read a JWKS.
 */
export const DEV_SIGNING_KEY_FILES = { privateKey: 'dev-jwt-private.json', jwks: 'dev-jwks.json' } as const;

export interface DevSigningKey {
  kid: string;
  privateKey: KeyObject;
  /** The public JWKS, as written to `files.jwks`. */
  jwks: { keys: JsonWebKey[] };
  files: { privateKey: string; jwks: string };
}

export function devSigningKeyFiles(dataDir: string): DevSigningKey['files'] {
  return { privateKey: join(dataDir, DEV_SIGNING_KEY_FILES.privateKey), jwks: join(dataDir, DEV_SIGNING_KEY_FILES.jwks) };
}

/** RFC 7638 thumbprint of an EC public key: a stable `kid`. */
function thumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** Writes a file only if it does not exist yet, atomically: a concurrent creator either wins whole or loses. */
function createExclusive(path: string, content: string): void {
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, content, { mode: 0o600 });
  try {
    linkSync(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temp);
  }
}

function replaceAtomically(path: string, content: string): void {
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, content, { mode: 0o644 });
  renameSync(temp, path);
}

/** The dev key pair of `dataDir`, created on first use; the JWKS file is (re)written to match it. */
export function ensureDevSigningKey(dataDir: string): DevSigningKey {
  const files = devSigningKeyFiles(dataDir);
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(files.privateKey)) {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    createExclusive(files.privateKey, `${JSON.stringify(privateKey.export({ format: 'jwk' }), null, 2)}\n`);
  }
  const privateKey = createPrivateKey({ key: JSON.parse(readFileSync(files.privateKey, 'utf8')) as JsonWebKey, format: 'jwk' });
  const publicJwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const kid = thumbprint(publicJwk);
  const jwks = { keys: [{ ...publicJwk, kid, alg: 'ES256', use: 'sig' }] };
  const text = `${JSON.stringify(jwks, null, 2)}\n`;
  if (!existsSync(files.jwks) || readFileSync(files.jwks, 'utf8') !== text) replaceAtomically(files.jwks, text);
  return { kid, privateKey, jwks, files };
}

export interface DevTokenClaims {
  sub: string;
  issuer: string;
  audience: string;
  /** Lifetime from now; negative gives an already expired token (tests). Default one hour. */
  expiresInSeconds?: number;
  /** Extra claims, merged last. */
  extra?: Record<string, unknown>;
}

/** A compact ES256 JWT signed with the dev key. */
export function signDevToken(key: DevSigningKey, claims: DevTokenClaims): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'ES256', typ: 'JWT', kid: key.kid };
  const payload = {
    iss: claims.issuer,
    aud: claims.audience,
    sub: claims.sub,
    iat: now,
    exp: now + (claims.expiresInSeconds ?? 3600),
    ...claims.extra,
  };
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const signingInput = `${encode(header)}.${encode(payload)}`;
  // JWS wants the raw r||s signature, not DER.
  const signature = sign('sha256', Buffer.from(signingInput), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}
