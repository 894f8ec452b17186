/**
 * The market simulator's command line: fills the index and source stores with a seeded,
 * deterministic market history. The simulator itself is libs/market-sim (see its README).
 */
import { formatSummary, parseCliOptions, runSimulation } from '@perp/market-sim';

async function main(): Promise<void> {
  const options = parseCliOptions(process.argv.slice(2));
  // Ctrl-C stops between ticks, so that the run rolls back and restores the indexes it set aside.
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort(new Error('Interrupted: nothing was changed')));
  process.once('SIGTERM', () => abort.abort(new Error('Terminated: nothing was changed')));
  const summary = await runSimulation({ ...options, progress: !options.quiet, signal: abort.signal });
  console.log(formatSummary(summary));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
