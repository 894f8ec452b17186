/**
 * `nx run index-db:migrate`: applies the pending migrations of both stores
 * (INDEX_DATABASE_URL, SOURCE_DATABASE_URL; dev stack databases by default). With
 * MARKET_DATA_READER_PASSWORD set, it also creates or updates the API's login role
 * (MARKET_DATA_READER_USER, default market_data_api) as a member of market_data_reader.
 */
import { ensureReaderLogin } from '../lib/reader-role';
import { migrateStore } from '../lib/run-migrations';
import { maskPassword } from '@perp/store';
import { storeUrlsFromEnv } from './store-urls';

async function main(): Promise<void> {
  const urls = storeUrlsFromEnv();
  for (const store of ['index', 'source'] as const) {
    const { applied } = await migrateStore(store, urls[store]);
    console.log(`${store} store (${maskPassword(urls[store])}): ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
  }
  const password = process.env['MARKET_DATA_READER_PASSWORD'];
  if (password) {
    const login = process.env['MARKET_DATA_READER_USER'] ?? 'market_data_api';
    // Roles are per cluster; both stores may live on different clusters, so ensure it on each.
    for (const url of new Set([urls.index, urls.source])) await ensureReaderLogin(url, login, password);
    console.log(`reader login ${login}: ready (member of market_data_reader, read-only sessions)`);
  }
}

main().catch((error) => {
  console.error(`migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
