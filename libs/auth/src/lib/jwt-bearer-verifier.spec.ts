import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LoggerService } from '@nestjs/common';
import { exportJWK, generateKeyPair, JWK, SignJWT } from 'jose';
import { JwtBearerVerifier, JwtVerificationError } from './jwt-bearer-verifier';

const ISSUER = 'https://idp.test/';
const AUDIENCE = 'market-data';

class RecordingLogger implements LoggerService {
  readonly warnings: string[] = [];
  readonly others: string[] = [];
  log(message: unknown): void {
    this.others.push(String(message));
  }
  error(message: unknown): void {
    this.others.push(String(message));
  }
  warn(message: unknown): void {
    this.warnings.push(String(message));
  }
}

interface TestKey {
  alg: string;
  kid: string;
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  jwk: JWK;
}

async function testKey(alg: 'ES256' | 'RS256' | 'EdDSA', kid: string): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { alg, kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg } };
}

const sign = (key: TestKey, claims: Record<string, unknown> = {}, expires: string | number = '10m') =>
  new SignJWT({ sub: 'dev-1', iss: ISSUER, aud: AUDIENCE, ...claims })
    .setProtectedHeader({ alg: key.alg, kid: key.kid })
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(key.privateKey);

async function refusal(verifier: JwtBearerVerifier, token: string): Promise<JwtVerificationError> {
  const error = await verifier.verify(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(JwtVerificationError);
  return error as JwtVerificationError;
}

describe('JwtBearerVerifier', () => {
  let dir: string;
  let es: TestKey;
  let rs: TestKey;
  let ed: TestKey;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'auth-jwks-'));
    [es, rs, ed] = await Promise.all([testKey('ES256', 'es'), testKey('RS256', 'rs'), testKey('EdDSA', 'ed')]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const writeJwks = (name: string, keys: TestKey[]) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify({ keys: keys.map((k) => k.jwk) }));
    return path;
  };

  describe('with a JWKS file', () => {
    let verifier: JwtBearerVerifier;
    beforeAll(() => {
      verifier = new JwtBearerVerifier({ jwks: { file: writeJwks('jwks.json', [es, rs, ed]) }, issuer: ISSUER, audience: AUDIENCE });
    });

    it('accepts RS256, ES256 and EdDSA tokens by default and gives the subject', async () => {
      for (const key of [es, rs, ed]) {
        await expect(verifier.verify(await sign(key))).resolves.toMatchObject({ subject: 'dev-1', claims: { iss: ISSUER, aud: AUDIENCE } });
      }
    });

    it('refuses wrong issuer or audience, expiry, a missing exp or sub', async () => {
      await refusal(verifier, await sign(es, { iss: 'https://other/' }));
      await refusal(verifier, await sign(es, { aud: 'beacon-ops' }));
      expect((await refusal(verifier, await sign(es, {}, Math.floor(Date.now() / 1000) - 120))).reason).toBe('ERR_JWT_EXPIRED');
      const noExp = await new SignJWT({ sub: 'dev-1' })
        .setProtectedHeader({ alg: 'ES256', kid: 'es' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .sign(es.privateKey);
      await refusal(verifier, noExp);
      await refusal(verifier, await sign(es, { sub: undefined }));
      await refusal(verifier, 'not-a-token');
    });

    it('refuses an algorithm outside the allow-list even with a valid signature', async () => {
      const rsOnly = new JwtBearerVerifier({ jwks: { file: writeJwks('all.json', [es, rs]) }, issuer: ISSUER, audience: AUDIENCE, algorithms: ['RS256'] });
      await expect(rsOnly.verify(await sign(rs))).resolves.toMatchObject({ subject: 'dev-1' });
      expect((await refusal(rsOnly, await sign(es))).reason).toBe('ERR_JOSE_ALG_NOT_ALLOWED');
      const hs = await new SignJWT({ sub: 'dev-1' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode('a-shared-secret-of-sufficient-length!'));
      await refusal(verifier, hs);
    });

    it('refuses a signature by a key that is not in the set', async () => {
      const stranger = await testKey('ES256', 'es');
      await refusal(verifier, await sign(stranger));
    });
  });

  it('starts without its file, warns once, and uses the file once it appears or changes', async () => {
    const logger = new RecordingLogger();
    const path = join(dir, 'later.json');
    const verifier = new JwtBearerVerifier({ jwks: { file: path }, issuer: ISSUER, audience: AUDIENCE, logger });
    expect(await verifier.problem()).toMatch(/later\.json cannot be read/);
    const token = await sign(es);
    expect((await refusal(verifier, token)).reason).toBe('key set unavailable');
    await refusal(verifier, token);
    expect(logger.warnings).toHaveLength(1);

    writeFileSync(path, JSON.stringify({ keys: [rs.jwk] }));
    await refusal(verifier, token);
    writeFileSync(path, JSON.stringify({ keys: [rs.jwk, es.jwk] }));
    await expect(verifier.verify(token)).resolves.toMatchObject({ subject: 'dev-1' });
    expect(await verifier.problem()).toBeUndefined();

    writeFileSync(path, '{"not": "a jwks"}');
    await refusal(verifier, token);
    expect(logger.warnings.at(-1)).toMatch(/not a valid JWKS/);
  });

  describe('with a JWKS URL', () => {
    let server: Server;
    let fetches = 0;
    let url: string;

    beforeAll(async () => {
      server = createServer((req, res) => {
        fetches++;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ keys: [es.jwk] }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('fetches the set once, caches it, and verifies against it', async () => {
      const verifier = new JwtBearerVerifier({ jwks: { url }, issuer: ISSUER, audience: [AUDIENCE, 'other'] });
      await expect(verifier.verify(await sign(es))).resolves.toMatchObject({ subject: 'dev-1' });
      await expect(verifier.verify(await sign(es, { sub: 'dev-2' }))).resolves.toMatchObject({ subject: 'dev-2' });
      expect(fetches).toBe(1);
      await refusal(verifier, await sign(rs));
    });

    it('refuses (and warns) while the provider cannot be reached', async () => {
      const logger = new RecordingLogger();
      const verifier = new JwtBearerVerifier({ jwks: { url: 'http://127.0.0.1:1/jwks.json' }, issuer: ISSUER, audience: AUDIENCE, logger });
      await refusal(verifier, await sign(es));
      expect(logger.warnings[0]).toMatch(/cannot fetch JWKS URL http:\/\/127\.0\.0\.1:1\/jwks\.json/);
    });
  });
});
