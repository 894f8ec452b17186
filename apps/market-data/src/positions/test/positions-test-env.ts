import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { runIndexDbMigrations } from '@perp/index-db';
import { PostgresServer, startTestPostgres } from '@perp/local-infra';
import { DEV_DEFAULTS } from '@perp/dev-defaults';
import { devServiceEnv } from '@perp/service';
import { Client } from 'pg';
import { createMarketDataApp } from '../../create-app';
import { loadMarketDataSettings } from '../../settings';

export const API_KEY = DEV_DEFAULTS.adminApiKey;

/** A migrated Postgres with the three market-data stores, and apps on it. */
export class PositionsTestEnv {
  private readonly apps: NestFastifyApplication[] = [];

  private constructor(readonly pg: PostgresServer) {}

  static async start(): Promise<PositionsTestEnv> {
    const pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
    await runIndexDbMigrations(pg.url('perp_index'), pg.url('perp_source'));
    return new PositionsTestEnv(pg);
  }

  get indexUrl(): string {
    return this.pg.url('perp_index');
  }

  get sourceUrl(): string {
    return this.pg.url('perp_source');
  }

  /** An initialised app on these stores; `env` overrides settings (e.g. CANDIDATE_BUFFER). */
  async app(env: Record<string, string> = {}): Promise<NestFastifyApplication> {
    const settings = loadMarketDataSettings(
      devServiceEnv({
        INDEX_DATABASE_URL: this.indexUrl,
        SOURCE_DATABASE_URL: this.sourceUrl,
        MARKET_DATA_DATABASE_URL: this.pg.url('market_data'),
        ...env,
      }),
    );
    const app = await createMarketDataApp(settings, { logger: false });
    this.apps.push(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    return app;
  }

  async withIndex<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: this.indexUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  async stop(): Promise<void> {
    for (const app of this.apps) await app.close();
    await this.pg?.stop();
  }
}
