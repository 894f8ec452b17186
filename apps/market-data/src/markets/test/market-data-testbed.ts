import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { runIndexDbMigrations } from '@perp/index-db';
import { PostgresServer, startTestPostgres, TcpProxy } from '@perp/local-infra';
import { Client } from 'pg';
import request from 'supertest';
import { createMarketDataApp } from '../../create-app';
import { loadMarketDataSettings } from '../../settings';
import { devServiceEnv } from '@perp/service';

export const ADMIN_KEY = 'market-routes-test-admin-key-0123456789';

/**
 * One throw-away Postgres with the three stores, migrated; the market-data app on it,
 * with the index and source stores reached through TCP proxies (so a test can take either
 * down and bring it back); SQL clients to insert hand-made fixtures.
 */
export interface MarketDataTestbed {
  pg: PostgresServer;
  app: NestFastifyApplication;
  index: Client;
  source: Client;
  indexProxy: TcpProxy;
  sourceProxy: TcpProxy;
  /** A supertest agent factory with the admin key set. */
  get(path: string): request.Test;
  /** Without any key. */
  anonymous(path: string): request.Test;
  close(): Promise<void>;
}

const viaPort = (url: string, port: number): string => {
  const parsed = new URL(url);
  parsed.port = String(port);
  return parsed.toString();
};

export async function startMarketDataTestbed(): Promise<MarketDataTestbed> {
  const pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
  await runIndexDbMigrations(pg.url('perp_index'), pg.url('perp_source'));
  const indexProxy = await TcpProxy.start(pg.port);
  const sourceProxy = await TcpProxy.start(pg.port);
  const settings = loadMarketDataSettings(
    devServiceEnv({
      INDEX_DATABASE_URL: viaPort(pg.url('perp_index'), indexProxy.port),
      SOURCE_DATABASE_URL: viaPort(pg.url('perp_source'), sourceProxy.port),
      MARKET_DATA_DATABASE_URL: pg.url('market_data'),
      ADMIN_API_KEYS: ADMIN_KEY,
    }),
  );
  const app = await createMarketDataApp(settings, { logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const index = new Client({ connectionString: pg.url('perp_index') });
  const source = new Client({ connectionString: pg.url('perp_source') });
  await index.connect();
  await source.connect();
  const server = app.getHttpServer();
  return {
    pg,
    app,
    index,
    source,
    indexProxy,
    sourceProxy,
    get: (path) => request(server).get(path).set('X-API-Key', ADMIN_KEY),
    anonymous: (path) => request(server).get(path),
    async close() {
      await index.end().catch(() => undefined);
      await source.end().catch(() => undefined);
      await app.close();
      await indexProxy.pause();
      await sourceProxy.pause();
      await pg.stop();
    },
  };
}
