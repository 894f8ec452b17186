// The dev stack waits for the indexer to reach the chain's head before the services start, so the
// first answer of market-data already holds the whole driven history.
import { waitUntil } from '@perp/local-infra';

interface ReadyBody {
  cursor?: { block_number?: number | null } | null;
  head_block?: number | null;
  lag_blocks?: number | null;
}

/** Resolves once the indexer's /ready reports no lag, logging its progress every few seconds. */
export async function waitForIndexer(port: number, log: (line: string) => void, timeoutMs = 600_000): Promise<{ block: number }> {
  let lastLog = Date.now();
  let block = -1;
  await waitUntil(
    'the indexer at the head',
    async () => {
      const body = (await (await fetch(`http://127.0.0.1:${port}/ready`)).json()) as ReadyBody;
      block = body.cursor?.block_number ?? -1;
      if (Date.now() - lastLog > 5_000) {
        lastLog = Date.now();
        log(`indexer at block ${block} of ${body.head_block ?? '?'}`);
      }
      return body.lag_blocks === 0 && block >= 0;
    },
    { timeoutMs, intervalMs: 250 },
  );
  return { block };
}
