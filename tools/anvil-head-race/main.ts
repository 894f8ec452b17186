/**
 * npm run -s bench:anvil-head-race -- [--seconds 20] [--gap-ms 15]
 *
 * Why the indexer does not trust a read at the node's head on anvil (chain-follower.ts,
 * HEAD_SETTLE_MS): while one account sends a 1-wei transfer every 0..gap ms (automine, a block each),
 * another loop reads the receiver's balance four times pinned to a block, then, once the chain has
 * moved on, reads it again at that block (a settled block) and counts the reads that differ:
 *   head     pinned to eth_blockNumber's answer (the head);
 *   behind   pinned to one block below it;
 *   guarded  pinned to the head, kept only if the head has not moved 50 ms after the reads (the
 *            indexer's guard; a dropped sample is what the indexer reads again).
 * Each phase runs on a fresh anvil.
 */
import { rpcCall, startAnvil } from '@perp/local-infra';
import { Wallet } from 'ethers';

const seconds = Number(option('seconds') ?? 20);
const gapMs = Number(option('gap-ms') ?? 15);
const SETTLE_MS = 50;
const RECEIVER = '0x000000000000000000000000000000000000bEEF';
// anvil's first dev account (its well-known test key).
const SENDER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

type Mode = 'head' | 'behind' | 'guarded';

async function phase(mode: Mode): Promise<{ mode: Mode; reads: number; wrong: number; dropped: number; blocks: number }> {
  const anvil = await startAnvil();
  const url = anvil.url;
  const call = <T>(method: string, params: unknown[] = []) => rpcCall<T>(url, method, params, 10_000);
  const head = async () => Number(BigInt(await call<string>('eth_blockNumber')));
  const sender = new Wallet(SENDER_KEY);
  let stop = false;
  const sending = (async () => {
    for (let nonce = 0; !stop; nonce++) {
      const raw = await sender.signTransaction({ to: RECEIVER, value: 1n, nonce, gasLimit: 21_000, gasPrice: 10n ** 10n, chainId: anvil.chainId });
      await call('eth_sendRawTransaction', [raw]);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * gapMs));
    }
  })();
  const samples: { block: number; values: string[] }[] = [];
  let dropped = 0;
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const n = await head();
    const block = mode === 'behind' ? n - 1 : n;
    if (block < 1) continue;
    const values = await Promise.all([0, 1, 2, 3].map(() => call<string>('eth_getBalance', [RECEIVER, `0x${block.toString(16)}`])));
    if (mode === 'guarded') {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      if ((await head()) > n) {
        dropped++;
        continue;
      }
    }
    samples.push({ block, values });
  }
  stop = true;
  await sending;
  await call('evm_mine');
  let wrong = 0;
  let reads = 0;
  for (const s of samples) {
    const settled = await call<string>('eth_getBalance', [RECEIVER, `0x${s.block.toString(16)}`]);
    reads += s.values.length;
    wrong += s.values.filter((v) => BigInt(v) !== BigInt(settled)).length;
  }
  const blocks = await head();
  await anvil.stop();
  return { mode, reads, wrong, dropped, blocks };
}

async function main(): Promise<void> {
  console.log(`anvil head race: ${seconds} s per phase, a transfer every 0-${gapMs} ms`);
  for (const mode of ['head', 'behind', 'guarded'] as const) {
    const r = await phase(mode);
    console.log(
      `  ${r.mode.padEnd(8)} ${String(r.wrong).padStart(6)} of ${String(r.reads).padStart(6)} reads differ from the settled block` +
        (r.mode === 'guarded' ? ` (${r.dropped} samples read again)` : '') +
        `; ${r.blocks} blocks mined`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
