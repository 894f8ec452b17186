import { integer, setting } from '@perp/settings';

/** The per-address limit on failed authentication (DESIGN §5), in memory, per replica (see README). */
export const failedAuthSettingsSpec = {
  /** Failed authentications (401s) per client address and window; then 429 for that address until the window ends. */
  failedAuthLimit: setting('FAILED_AUTH_LIMIT', integer({ min: 1 }), { default: '20' }),
  failedAuthWindowSeconds: setting('FAILED_AUTH_WINDOW_SECONDS', integer({ min: 1, max: 86_400 }), { default: '300' }),
  /**
   * Proxies (load balancers) in front of the service whose X-Forwarded-For is trusted for the
   * client address the failed-authentication limit counts; 0: the TCP peer is the client.
   */
  trustProxyHops: setting('TRUST_PROXY_HOPS', integer({ min: 0, max: 10 }), { default: '0' }),
};
