/**
 * Child process of the crash and replica tests: the real indexer (status listener and writer
 * loop) with the test's settings from the environment. With HANG_AT_BLOCK set, the block
 * transaction of that block hangs for ever after the handlers wrote their rows and before the
 * cursor, printing {"event":"hanging"}: the test then SIGKILLs the process mid-transaction.
 */
import { startIndexer } from '../run-indexer';
import { loadIndexerSettings } from '../settings';

async function main(): Promise<void> {
  const hangAt = process.env['HANG_AT_BLOCK'] ? Number(process.env['HANG_AT_BLOCK']) : undefined;
  const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);
  const indexer = await startIndexer(loadIndexerSettings(), {
    hooks: {
      insideBlockTransaction: async (block) => {
        if (block.number !== hangAt) return;
        say({ event: 'hanging', block: block.number });
        await new Promise(() => undefined);
      },
    },
  });
  say({ event: 'listening', url: indexer.server.url });
  setInterval(() => undefined, 60_000);
}

void main();
