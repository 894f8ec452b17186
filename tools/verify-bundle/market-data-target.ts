import { getFreePort } from '@perp/local-infra';
import { AppTarget } from './app-target';
import { httpCall } from './http-call';
import { startJwksServer } from './jwks-server';
import { strongSecret } from './strong-secret';
import { check } from './verify-error';

const ISSUER = 'https://identity.verify-bundle.invalid/';
const AUDIENCE = 'market-data-verify';

/** market-data: three stores, an identity provider's JWKS; checked by creating a key as admin and reading with it. */
export const marketDataTarget: AppTarget = {
  databases: ['perp_index', 'perp_source', 'market_data'],
  stores: 3,
  async prepare(postgres) {
    const port = await getFreePort();
    const jwks = await startJwksServer(ISSUER, AUDIENCE);
    const adminKey = `mdk_${strongSecret()}`;
    const env = {
      MARKET_DATA_HOST: '127.0.0.1',
      MARKET_DATA_PORT: String(port),
      // Metrics on (their cost is part of the run), on any free port: the default may be taken on a shared machine.
      METRICS_PORT: '0',
      INDEX_DATABASE_URL: postgres.url('perp_index'),
      SOURCE_DATABASE_URL: postgres.url('perp_source'),
      MARKET_DATA_DATABASE_URL: postgres.url('market_data'),
      ADMIN_API_KEYS: adminKey,
      JWT_JWKS_URL: jwks.url,
      JWT_ISSUER: ISSUER,
      JWT_AUDIENCE: AUDIENCE,
      JWT_ALGORITHMS: 'ES256',
    };
    return {
      env,
      port,
      stop: () => jwks.close(),
      async exercise(base) {
        const created = await httpCall(`${base}/admin/keys`, { method: 'POST', headers: { 'X-API-Key': adminKey }, json: { name: 'verify-bundle' } });
        check(created.status === 200 && /^mdk_/.test(created.body?.key ?? ''), `POST /admin/keys answered ${created.status}: ${created.text}`);
        const markets = await httpCall(`${base}/markets`, { headers: { 'X-API-Key': created.body.key } });
        check(
          markets.status === 200 && markets.body?.total === 0 && Array.isArray(markets.body?.items) && markets.body.items.length === 0,
          `GET /markets with the new key answered ${markets.status}: ${markets.text}`,
        );
        const token = await jwks.token('verify-bundle-developer');
        const own = await httpCall(`${base}/auth/keys`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, json: { name: 'dev-bot' } });
        check(own.status === 200 && /^mdk_/.test(own.body?.key ?? ''), `POST /auth/keys with a JWT from JWT_JWKS_URL answered ${own.status}: ${own.text}`);
        return [
          'POST /admin/keys with the admin key: 200, a new key',
          'GET /markets with that key: 200, an empty page',
          'POST /auth/keys with a JWT verified against JWT_JWKS_URL: 200, a developer key',
        ];
      },
    };
  },
};
