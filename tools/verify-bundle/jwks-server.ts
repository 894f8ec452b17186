import { createServer, Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { KeyLike } from 'jose';

export interface JwksServer {
  url: string;
  /** A token for `sub`, signed by the key this JWKS publishes. */
  token(sub: string): Promise<string>;
  close(): Promise<void>;
}

/** A stand-in identity provider: one fresh ES256 key, its JWKS served over HTTP as JWT_JWKS_URL expects. */
export async function startJwksServer(issuer: string, audience: string): Promise<JwksServer> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'verify-bundle', alg: 'ES256', use: 'sig' };
  const body = JSON.stringify({ keys: [jwk] });
  const server: Server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    token: (sub) => sign(privateKey, sub, issuer, audience),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function sign(key: KeyLike, sub: string, issuer: string, audience: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: 'verify-bundle' })
    .setSubject(sub)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}
