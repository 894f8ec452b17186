/**
 * `nx run index-db:migrate-revert [--store=index|source] [--steps=N]`: reverts the latest
 * migration (or N) of one store, or of both when no store is given.
 */
import { revertStore } from '../lib/run-migrations';
import { StoreName } from '../lib/store-options';
import { maskPassword } from '@perp/store';
import { storeUrlsFromEnv } from './store-urls';

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

async function main(): Promise<void> {
  const urls = storeUrlsFromEnv();
  const store = option('store');
  if (store !== undefined && store !== 'index' && store !== 'source') throw new Error('--store must be index or source');
  const steps = Number(option('steps') ?? '1');
  if (!Number.isInteger(steps) || steps < 1) throw new Error('--steps must be a positive integer');
  const stores: StoreName[] = store ? [store] : ['index', 'source'];
  for (const name of stores) {
    const { applied } = await revertStore(name, urls[name], steps);
    console.log(`${name} store (${maskPassword(urls[name])}): ${applied.length ? `reverted ${applied.join(', ')}` : 'nothing to revert'}`);
  }
}

main().catch((error) => {
  console.error(`migrate-revert failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
