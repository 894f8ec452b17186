import { createServiceLogger } from '@perp/http';
import { InvalidSettingsError } from '@perp/settings';
import { maskUrlPasswords } from '@perp/store';
import { inspect } from 'node:util';
import { startIndexer } from './run-indexer';
import { IndexerSettings, loadIndexerSettings } from './settings';

/**
 * `node main.js`: settings first (a bad one exits 1 naming it), then the status listener and the
 * writer loop until SIGTERM/SIGINT. Outages never end the process; a store of another chain does
 * (exit 1, the message says how to reset), as an operator must act on it.
 */
export async function serveIndexer(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let settings: IndexerSettings;
  try {
    settings = loadIndexerSettings(env);
  } catch (error) {
    if (error instanceof InvalidSettingsError) {
      console.error(maskUrlPasswords(`indexer refuses to start. ${error.message}`));
      process.exit(1);
    }
    throw error;
  }
  const logger = createServiceLogger({ name: 'indexer', level: settings.logLevel, format: settings.logFormat });
  try {
    const indexer = await startIndexer(settings, { logger });
    logger.info({ url: indexer.server.url }, `indexer status on ${indexer.server.url} (/health, /ready, /metrics)`);
    const shutdown = () => void indexer.stop().then(() => (logger.flush(), process.exit(0)));
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
    await indexer.done.catch((error: unknown) => {
      logger.fatal({ err: error instanceof Error ? error.message : String(error) }, 'indexer refuses to run');
      logger.flush();
      setTimeout(() => process.exit(1), 300);
    });
  } catch (error) {
    console.error(maskUrlPasswords(`indexer failed to start: ${inspect(error)}`));
    process.exit(1);
  }
}
