/**
 * Child process of the crash test: boots the real app against the test's database and
 * chain, starts SENDS transfers at once, and prints one JSON line per event. Every
 * HANG_EVERY-th journal write stops its send for ever right after the row is written, as a
 * process killed between the journal write and the broadcast would. The test SIGKILLs
 * the process mid-flight.
 */
import { createBeaconOpsApp } from '../create-app';
import { loadBeaconOpsSettings } from '../settings';
import { WalletPool } from '../wallet-pool/wallet-pool.service';

const RECIPIENT = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

async function main(): Promise<void> {
  const sends = Number(process.env['SENDS'] ?? '20');
  const hangEvery = Number(process.env['HANG_EVERY'] ?? '5');
  const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);
  // The request last built for each wallet: a guess at which one is journaling (pipelined sends interleave), for the report only.
  const building = new Map<string, number>();
  // Which send hangs is counted by journal writes, not by request: a guess by request left some runs with none hanging.
  let journaled = 0;
  const app = await createBeaconOpsApp(loadBeaconOpsSettings(), {
    logger: false,
    poolHooks: {
      afterJournal: async (tx) => {
        const i = building.get(tx.wallet) ?? -1;
        journaled += 1;
        const hang = hangEvery > 0 && journaled % hangEvery === 0;
        say({ event: 'journaled', i, hash: tx.hash, wallet: tx.wallet, nonce: tx.nonce, hang });
        if (hang) await new Promise(() => undefined);
      },
    },
  });
  await app.init();
  // Lives until the test's SIGKILL: hung sends are bare promises and would not keep the event loop alive.
  setInterval(() => undefined, 60_000);
  const pool = app.get(WalletPool);
  say({ event: 'ready' });
  for (let i = 0; i < sends; i++) {
    pool
      .send({
        kind: 'crash_test',
        request: { i },
        idempotencyKey: `crash-${i}`,
        build: (wallet) => {
          building.set(wallet, i);
          return { to: RECIPIENT, value: BigInt(i + 1), gasLimit: 21_000n };
        },
      })
      .then(
        (sent) => say({ event: 'sent', i, hash: sent.hash }),
        (error: unknown) => say({ event: 'error', i, message: error instanceof Error ? error.message : String(error) }),
      );
  }
}

void main();
