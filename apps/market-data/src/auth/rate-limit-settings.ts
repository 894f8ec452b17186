import { integer, setting } from '@perp/settings';

/** Rate limits (in memory, per replica: see auth/README.md) and the per-developer key limit. */
export const rateLimitSettingsSpec = {
  /** Requests per window for a bot or developer key without its own `rate_limit`. */
  apiKeyRateLimit: setting('API_KEY_RATE_LIMIT', integer({ min: 1 }), { default: '600' }),
  /** Requests per window for all ADMIN_API_KEYS together. */
  adminApiKeyRateLimit: setting('ADMIN_API_KEY_RATE_LIMIT', integer({ min: 1 }), { default: '6000' }),
  rateLimitWindowSeconds: setting('RATE_LIMIT_WINDOW_SECONDS', integer({ min: 1, max: 3_600 }), { default: '60' }),
  /** Failed authentications (401s) per client address and window; then 429 for that address until the window ends. */
  failedAuthLimit: setting('FAILED_AUTH_LIMIT', integer({ min: 1 }), { default: '20' }),
  failedAuthWindowSeconds: setting('FAILED_AUTH_WINDOW_SECONDS', integer({ min: 1, max: 86_400 }), { default: '300' }),
  /**
   * Proxies (load balancers) in front of the service whose X-Forwarded-For is trusted for the
   * client address the failed-authentication limit counts; 0: the TCP peer is the client.
   */
  trustProxyHops: setting('TRUST_PROXY_HOPS', integer({ min: 0, max: 10 }), { default: '0' }),
  /** Active keys a developer may hold; POST /auth/keys beyond it: 409. */
  developerKeyLimit: setting('DEVELOPER_KEY_LIMIT', integer({ min: 1, max: 10_000 }), { default: '25' }),
};
