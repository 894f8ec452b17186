import { spawnSync } from 'node:child_process';
import { createPublicKey, verify } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEV_JWT } from '@perp/auth';
import { devSigningKeyFiles } from '@perp/local-infra';

const ROOT = join(__dirname, '..', '..');

function run(args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ['-r', './tools/ts-register.js', 'tools/dev-token/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, JWT_ISSUER: '', JWT_AUDIENCE: '', JWT_JWKS_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

describe('npm run dev-token', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'dev-token-'));
    chmodSync(dataDir, 0o755);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints, as its last line, a one-hour ES256 token for the sub, verifiable with the dev JWKS', () => {
    const result = run(['--sub', 'alice'], { DEV_DATA_DIR: dataDir });
    expect(result.status).toBe(0);
    const token = result.stdout.trim().split('\n').at(-1) ?? '';
    const [header, payload, signature] = token.split('.');
    expect(decode(header)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    const claims = decode(payload);
    expect(claims).toMatchObject({ sub: 'alice', iss: DEV_JWT.issuer, aud: DEV_JWT.audience });
    expect(claims.exp - claims.iat).toBe(3600);

    const jwks = JSON.parse(readFileSync(devSigningKeyFiles(dataDir).jwks, 'utf8'));
    expect(jwks.keys[0].kid).toBe(decode(header).kid);
    const publicKey = createPublicKey({ key: jwks.keys[0], format: 'jwk' });
    const valid = verify('sha256', Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    expect(valid).toBe(true);

    // Same key on the next run (created once).
    const again = run(['--sub=bob'], { DEV_DATA_DIR: dataDir });
    const [againHeader] = (again.stdout.trim().split('\n').at(-1) ?? '').split('.');
    expect(decode(againHeader).kid).toBe(decode(header).kid);
  });

  it('refuses to run without --sub', () => {
    const result = run([], { DEV_DATA_DIR: dataDir });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--sub is required');
  });

  it("writes the JWKS where market-data's default JWT_JWKS_FILE points", () => {
    expect(devSigningKeyFiles(join(ROOT, '.dev-data')).jwks).toBe(resolve(ROOT, DEV_JWT.jwksFile));
  });
});
