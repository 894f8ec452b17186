import { request } from 'node:http';
import { Client } from 'pg';

/**
 * bench:market --stream: N subscribers on one replica, a writer committing one trade per statement at
 * a fixed rate, and for every event each subscriber receives the time from the writer's commit (from
 * when its INSERT, committed in the same round trip, was sent: an upper bound) to the event's arrival; CPU per delivered event is the server process's
 * CPU over the run divided by the events delivered. Run against the service, then the same against the
 * ceiling (stream-ceiling-server.ts) in the same run.
 */
export interface StreamRun {
  subscribers: number;
  events: number;
  /** Events received, over all subscribers. */
  delivered: number;
  /** Expected: events x subscribers. */
  expected: number;
  p50: number;
  p99: number;
  max: number;
  cpuMsPerDelivered?: number;
  cpuMs?: number;
}

interface Subscriber {
  close(): void;
}

/** Opens `n` streams (a few at a time, as clients arrive), each calling `received(tradeId)` per trades event. */
async function subscribe(port: number, path: string, headers: Record<string, string>, n: number, received: (tradeId: number) => void): Promise<Subscriber[]> {
  const subscribers: Subscriber[] = [];
  const openOne = () =>
    new Promise<Subscriber>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`${path} answered ${response.statusCode}`));
        response.setEncoding('utf8');
        let pending = '';
        response.on('data', (chunk: string) => {
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            const message = pending.slice(0, end);
            pending = pending.slice(end + 2);
            if (!message.includes('event: trades')) continue;
            // The trade's own id: the first "id" of its data line (both servers put it first).
            const match = /data: \{"id":"?(\d+)/.exec(message);
            if (match) received(Number(match[1]));
          }
        });
        resolve({ close: () => req.destroy() });
      });
      req.on('error', reject);
      req.end();
    });
  for (let i = 0; i < n; i += 50) subscribers.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, openOne))));
  return subscribers;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function runStreamLoad(options: {
  port: number;
  path: string;
  headers: Record<string, string>;
  subscribers: number;
  indexUrl: string;
  market: string;
  positionId: string;
  ratePerSecond: number;
  seconds: number;
  cpuMs: () => number | undefined;
}): Promise<StreamRun> {
  // From when the writer sent its INSERT (the commit follows in the same round trip): an event may reach a
  // subscriber before the writer has read its acknowledgement, so the clock starts at the send.
  const sentAt = new Map<number, number>();
  const early = new Map<number, number[]>();
  const latencies: number[] = [];
  let delivered = 0;
  const subscribers = await subscribe(options.port, options.path, options.headers, options.subscribers, (tradeId) => {
    const now = performance.now();
    const at = sentAt.get(tradeId);
    if (at === undefined) {
      early.set(tradeId, [...(early.get(tradeId) ?? []), now]);
      return;
    }
    delivered++;
    latencies.push(now - at);
  });
  const writer = new Client({ connectionString: options.indexUrl });
  await writer.connect();
  // Let the last connections settle before the clock starts.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const cpuBefore = options.cpuMs();
  const events = options.ratePerSecond * options.seconds;
  const started = performance.now();
  for (let i = 0; i < events; i++) {
    const due = started + (i * 1000) / options.ratePerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    const { rows } = await writer.query(
      `INSERT INTO trades (perp_address, "timestamp", pos_id, was_liquidated, perp_delta, usd_delta) VALUES ($1, now(), $2, false, -1, 1) RETURNING id`,
      [options.market, options.positionId],
    );
    const id = Number(rows[0].id);
    sentAt.set(id, sent);
    for (const arrived of early.get(id) ?? []) {
      delivered++;
      latencies.push(arrived - sent);
    }
    early.delete(id);
  }
  // Stragglers: up to 15 s for the last deliveries (on a loaded machine the clients themselves fall behind).
  const expected = events * options.subscribers;
  const deadline = performance.now() + 15_000;
  while (delivered < expected && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  // The CPU of the deliveries: taken once every event arrived, or at the deadline.
  const cpuAfter = options.cpuMs();
  for (const s of subscribers) s.close();
  await writer.end();
  latencies.sort((a, b) => a - b);
  const cpuMs = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return {
    subscribers: options.subscribers,
    events,
    delivered,
    expected,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    cpuMs,
    cpuMsPerDelivered: cpuMs !== undefined && delivered > 0 ? cpuMs / delivered : undefined,
  };
}

export function formatStreamRun(name: string, run: StreamRun): string {
  const cpu = run.cpuMsPerDelivered === undefined ? 'CPU ?' : `CPU ${(run.cpuMsPerDelivered * 1000).toFixed(1)} µs per delivered event (${run.cpuMs} ms)`;
  return (
    `${name.padEnd(8)} ${run.subscribers} subscribers, ${run.events} events: ${run.delivered}/${run.expected} delivered, ` +
    `commit -> wire p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, max ${run.max.toFixed(1)} ms; ${cpu}`
  );
}
