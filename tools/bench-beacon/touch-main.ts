/**
 * `npm run bench:touch [-- --updates 40 --flush-ms 1000]`
 *
 * End to end on the dev chain's parts (anvil with the protocol double and two markets on one ECDSA
 * beacon, the indexer, market-data, beacon-ops with touch on; built apps, real HTTP): each update is
 * timed from its request to (a) beacon-ops' answer, (b) both perps touched on chain, (c) market-data's
 * /markets/{perp}/live serving the new index for both. One update at a time (the latency of one, not a
 * throughput). The ceiling, in the same run: the same updates sent straight from a wallet with ethers
 * and both perps touched at once (no service, no window), timed to the same served index.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { ProcessCpu } from './process-cpu';
import { percentile } from './run-stats';
import { direct, startTouchLiveStack, timedUpdate, TouchLiveSample, UpdateSender, viaBeaconOps } from './touch-live';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function summary(samples: TouchLiveSample[], key: 'answeredMs' | 'touchedMs' | 'servedMs'): string {
  const values = samples.map((s) => s[key]);
  return `p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms`;
}

function parentOf(pid: number): number | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** Only this run's processes (other benches on the machine run the same commands). */
function own(pids: () => number[]): () => number[] {
  return () =>
    pids().filter((pid) => {
      for (let p: number | undefined = pid, hops = 0; p && p > 1 && hops < 10; p = parentOf(p), hops++) if (p === process.pid) return true;
      return false;
    });
}

async function main(): Promise<void> {
  const updates = option('updates', 40);
  const flushMs = option('flush-ms', 1000);
  console.log(`bench:touch: ${updates} updates per path, one at a time, TOUCH_FLUSH_MS ${flushMs}, load average ${loadAverage()}`);
  const live = await startTouchLiveStack({ flushMs });
  try {
    const cpu = new ProcessCpu({
      'beacon-ops': own(ProcessCpu.matching('dist/apps/beacon-ops/main.js')),
      'market-data': own(ProcessCpu.matching('dist/apps/market-data/main.js')),
      indexer: own(ProcessCpu.matching('apps/indexer/src/main.ts')),
      anvil: own(ProcessCpu.matching('anvil')),
      postgres: own(ProcessCpu.matching('postgres', '-D')),
      'bench client': () => [],
    });
    const run = async (name: string, send: UpdateSender, base: number) => {
      const before = cpu.sample();
      const started = performance.now();
      const samples: TouchLiveSample[] = [];
      // Prices walk between 20 and 30 so each update changes the index.
      for (let i = 0; i < updates; i++) samples.push(await timedUpdate(live, (20 + ((base + i) % 40) / 4).toString(), { send }));
      const wallS = (performance.now() - started) / 1000;
      const after = cpu.sample();
      const cpuS = Object.fromEntries(Object.keys(after).map((k) => [k, +(after[k] - before[k]).toFixed(2)]));
      console.log(`\n${name}: ${updates} updates in ${wallS.toFixed(1)} s, load average ${loadAverage()}`);
      console.log(`  answered          ${summary(samples, 'answeredMs')}`);
      console.log(`  perps touched     ${summary(samples, 'touchedMs')}`);
      console.log(`  index served      ${summary(samples, 'servedMs')}`);
      const lag = samples.flatMap((s) => s.lastTouchAfterUpdateS);
      console.log(`  lastTouch - update block time: ${Math.min(...lag)}..${Math.max(...lag)} s`);
      console.log(`  CPU seconds over the run: ${JSON.stringify(cpuS)}`);
    };
    // The ceiling first (it needs no window), then the service; the second update of each price differs (base offsets).
    await run('direct (ceiling: ethers update + immediate touches)', direct, 1);
    await run('beacon-ops (update route, touch after update)', viaBeaconOps, 3);
  } finally {
    await live.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
