import { InvalidSettingsError } from '@perp/settings';
import { maskPassword, maskUrlPasswords } from '@perp/store';
import { ChainReader } from './chain/chain-reader';
import { ChainFollower } from './follower/chain-follower';
import { indexerHandlers } from './run-indexer';
import { loadIndexerSettings } from './settings';
import { writerDataSource } from './runner/indexer-runner';
import { WriterSession } from './writer/writer-session';

/**
 * `node main.js reset`: the one way past "the index store follows another chain" (a node moved
 * to a new chain, a fresh dev chain). Under the writer lock, so never beside a running writer:
 * every handler drops its rows from START_BLOCK on (and re-reads what it keeps in place), and
 * the cursor goes; the next start indexes the node's chain from START_BLOCK.
 */
export async function resetIndexer(env: NodeJS.ProcessEnv = process.env, out: Pick<Console, 'log' | 'error'> = console): Promise<number> {
  let settings;
  try {
    settings = loadIndexerSettings(env);
  } catch (error) {
    if (!(error instanceof InvalidSettingsError)) throw error;
    out.error(maskUrlPasswords(`indexer reset refused. ${error.message}`));
    return 1;
  }
  const chain = await ChainReader.connect(settings.rpcUrl, settings.rpcTimeoutMs);
  const source = writerDataSource(settings);
  await source.initialize();
  const session = await WriterSession.open(source);
  try {
    if (!(await session.tryLock(chain.chainId))) {
      out.error('indexer reset refused: a running indexer holds the writer lock of this chain; stop every replica first');
      return 1;
    }
    await ChainFollower.reset(session, indexerHandlers(settings)(chain), settings.startBlock);
    out.log(
      `indexer reset: ${maskPassword(settings.databaseUrl)}: cursor and indexed rows from block ${settings.startBlock} on dropped; the next start follows chain ${chain.chainId}`,
    );
    return 0;
  } finally {
    await session.release();
    await source.destroy();
    chain.destroy();
  }
}
