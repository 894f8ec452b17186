// anvil answers a read pinned to its head block from the state it is mining into: while a
// transaction is being mined, eth_call / eth_getBalance at the head's number (or hash) can return
// the next block's values. Measured here with anvil 1.7.1 (a transfer per block, four reads per
// head): 445 of 2,248 reads at the head saw the next block; 0 of 3,192 one block behind. The dev
// chain's indexer once stored a pool's fee growth from such a read (the start smoke's audit: one
// column of one market off by one trade). So the dev stack's indexer reads one block behind the
// head (CONFIRMATIONS=1), and this puts a block behind every block with transactions: when the head
// holds transactions and nothing follows it within `idleMs`, one empty block is mined, so the last
// action is indexed within about idleMs plus the indexer's poll, and an idle chain stays idle.
import { rpcCall } from '@perp/local-infra';

export interface TrailingBlocks {
  stop(): Promise<void>;
}

export interface TrailingBlockOptions {
  /** How long a head with transactions may stand alone before an empty block follows it. */
  idleMs?: number;
  pollMs?: number;
  log?: (line: string) => void;
}

export function startTrailingBlocks(rpcUrl: string, options: TrailingBlockOptions = {}): TrailingBlocks {
  const idleMs = options.idleMs ?? 250;
  const pollMs = options.pollMs ?? 100;
  let stopped = false;
  let failures = 0;
  let head = -1;
  let since = Date.now();
  const loop = (async () => {
    while (!stopped) {
      try {
        const block = await rpcCall<{ number: string; transactions: string[] } | null>(rpcUrl, 'eth_getBlockByNumber', ['latest', false]);
        const number = block ? Number(BigInt(block.number)) : -1;
        if (number !== head) {
          head = number;
          since = Date.now();
        } else if (block && block.transactions.length > 0 && Date.now() - since >= idleMs) {
          await rpcCall(rpcUrl, 'evm_mine');
        }
        failures = 0;
      } catch (error) {
        // anvil restarting or stopping: say so once, keep trying.
        if (failures++ === 0) options.log?.(`trailing block: ${error instanceof Error ? error.message : String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
