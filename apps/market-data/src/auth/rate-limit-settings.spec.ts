import { devServiceEnv } from '@perp/service';
import { loadMarketDataSettings } from '../settings';

describe('market-data rate-limit settings', () => {
  it('default to 600 per key and 6000 for admin keys a minute, 20 failures per address in 5 minutes, 25 keys per developer, no proxy', () => {
    expect(loadMarketDataSettings(devServiceEnv())).toMatchObject({
      apiKeyRateLimit: 600,
      adminApiKeyRateLimit: 6000,
      rateLimitWindowSeconds: 60,
      failedAuthLimit: 20,
      failedAuthWindowSeconds: 300,
      trustProxyHops: 0,
      developerKeyLimit: 25,
    });
  });

  it('take each from the environment and refuse values that cannot be limits', () => {
    const env = devServiceEnv({
      API_KEY_RATE_LIMIT: '100',
      ADMIN_API_KEY_RATE_LIMIT: '1000',
      FAILED_AUTH_LIMIT: '5',
      TRUST_PROXY_HOPS: '1',
      DEVELOPER_KEY_LIMIT: '3',
    });
    expect(loadMarketDataSettings(env)).toMatchObject({
      apiKeyRateLimit: 100,
      adminApiKeyRateLimit: 1000,
      failedAuthLimit: 5,
      trustProxyHops: 1,
      developerKeyLimit: 3,
    });
    expect(() => loadMarketDataSettings(devServiceEnv({ API_KEY_RATE_LIMIT: '0' }))).toThrow(/API_KEY_RATE_LIMIT: must be at least 1/);
    expect(() => loadMarketDataSettings(devServiceEnv({ RATE_LIMIT_WINDOW_SECONDS: '7200' }))).toThrow(/RATE_LIMIT_WINDOW_SECONDS: must be at most 3600/);
    expect(() => loadMarketDataSettings(devServiceEnv({ FAILED_AUTH_LIMIT: 'many' }))).toThrow(/FAILED_AUTH_LIMIT: must be an integer/);
  });
});
