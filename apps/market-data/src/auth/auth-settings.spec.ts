import { DEV_JWT } from '@perp/auth';
import { devServiceEnv } from '@perp/service';
import { loadMarketDataSettings } from '../settings';

describe('market-data auth settings', () => {
  it('take the dev identity provider from the dev environment, with short cache/flush bounds', () => {
    expect(loadMarketDataSettings(devServiceEnv())).toMatchObject({
      jwtJwksUrl: undefined,
      jwtJwksFile: DEV_JWT.jwksFile,
      jwtIssuer: 'perp-city-dev',
      jwtAudience: 'market-data',
      jwtAlgorithms: ['RS256', 'ES256', 'EdDSA'],
      jwtClockToleranceSeconds: 30,
      apiKeyLastUsedFlushMs: 10_000,
      apiKeyCacheTtlMs: 1_000,
    });
  });

  it('take a JWKS URL, issuer, audience and algorithm list from the environment', () => {
    const settings = loadMarketDataSettings(
      devServiceEnv({
        JWT_JWKS_URL: 'https://idp.example.com/.well-known/jwks.json',
        JWT_JWKS_FILE: '',
        JWT_ISSUER: 'https://idp.example.com/',
        JWT_AUDIENCE: 'perp-market-data',
        JWT_ALGORITHMS: 'RS256, PS256',
        API_KEY_LAST_USED_FLUSH_MS: '30000',
        API_KEY_CACHE_TTL_MS: '0',
      }),
    );
    expect(settings).toMatchObject({
      jwtJwksUrl: 'https://idp.example.com/.well-known/jwks.json',
      jwtIssuer: 'https://idp.example.com/',
      jwtAudience: 'perp-market-data',
      jwtAlgorithms: ['RS256', 'PS256'],
      apiKeyLastUsedFlushMs: 30_000,
      apiKeyCacheTtlMs: 0,
    });
  });

  it('refuse HS* algorithms, both key sources at once, and a cache that would delay revocation', () => {
    expect(() => loadMarketDataSettings(devServiceEnv({ JWT_ALGORITHMS: 'HS256' }))).toThrow(/JWT_ALGORITHMS: item 1 must be one of/);
    expect(() => loadMarketDataSettings(devServiceEnv({ JWT_JWKS_URL: 'https://idp/jwks', JWT_JWKS_FILE: '/etc/jwks.json' }))).toThrow(
      /JWT_JWKS_URL and JWT_JWKS_FILE are both set/,
    );
    expect(() => loadMarketDataSettings(devServiceEnv({ JWT_JWKS_FILE: '' }))).toThrow(/JWT_JWKS_URL or JWT_JWKS_FILE is required but not set/);
    expect(() => loadMarketDataSettings(devServiceEnv({ JWT_JWKS_URL: 'ftp://idp/jwks', JWT_JWKS_FILE: '' }))).toThrow(
      /JWT_JWKS_URL: must be a http or https URL/,
    );
    expect(() => loadMarketDataSettings(devServiceEnv({ API_KEY_CACHE_TTL_MS: '60000' }))).toThrow(/API_KEY_CACHE_TTL_MS: must be at most 5000/);
  });
});
