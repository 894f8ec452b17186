import { runMain } from '@perp/service';
import { migrateIndexer } from './migrate-command';
import { resetIndexer } from './reset-command';
import { serveIndexer } from './serve';

// `node main.js` follows the chain; `migrate` migrates the index store and exits (a deploy's job
// before new replicas); `reset` drops the index of another chain (see README).
runMain('indexer', () => serveIndexer(), { migrate: () => migrateIndexer(), reset: () => resetIndexer() });
