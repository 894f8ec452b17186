/**
 * The dev stack's identity provider, shared by the environment the dev stack passes to
 * market-data (devServiceEnv in @perp/service; market-data itself has no default for these) and
 * the `npm run dev-token` tool, so that a minted token verifies with no configuration. The
 * JWKS path is relative to the repository root (the dev stack's working directory); the
 * key pair itself is created by `ensureDevSigningKey` in @perp/local-infra, never here.
 */
export const DEV_JWT = {
  issuer: 'perp-city-dev',
  audience: 'market-data',
  jwksFile: '.dev-data/dev-jwks.json',
} as const;
