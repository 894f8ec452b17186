import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { getFreePort, waitUntil } from '@perp/local-infra';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** One JSON log line of the service (pino: `level` as a label, `msg`). */
export interface LogLine {
  level: string;
  msg: string;
  [field: string]: unknown;
}

/**
 * beacon-ops as its own process (main.ts, real HTTP), with its logs and its metrics at hand:
 * the service logs JSON lines to stdout (stderr only gets what escapes the logger), and serves
 * /metrics on a port of its own.
 */
export interface ServiceChild {
  child: ChildProcess;
  port: number;
  metricsPort: number;
  /** Everything the process wrote to stdout so far: its log. */
  stdout: string;
  stderr: string;
  /** The stdout lines that are JSON log lines, parsed; what the logger had not flushed when the process was SIGKILLed is lost. */
  logs(): LogLine[];
  /** The value of a counter or gauge on this process' /metrics (0 when the series is absent). */
  metric(name: string, labels?: Record<string, string>): Promise<number>;
}

/**
 * Spawns main.ts with `env` (a complete environment: see ChainEnv.serviceEnv) and waits until it answers /health.
 * ts-node transpiles every file of the app at start: under a full `npm test` on two cores two replicas starting
 * at once once took over 60 s, so the default wait is 150 s (a start time, not what these tests measure).
 */
export async function startServiceChild(env: Record<string, string>, timeoutMs = 150_000): Promise<ServiceChild> {
  const port = Number(env['BEACON_OPS_PORT'] ?? (await getFreePort()));
  const metricsPort = await getFreePort();
  const child = spawn(process.execPath, ['-r', join(ROOT, 'tools', 'ts-register.js'), join(__dirname, '..', 'main.ts')], {
    env: { ...process.env, ...env, BEACON_OPS_PORT: String(port), BEACON_OPS_HOST: '127.0.0.1', METRICS_PORT: String(metricsPort), LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const service: ServiceChild = {
    child,
    port,
    metricsPort,
    stdout: '',
    stderr: '',
    logs: () =>
      service.stdout.split('\n').flatMap((line) => {
        try {
          const parsed = JSON.parse(line) as LogLine;
          return typeof parsed.msg === 'string' ? [parsed] : [];
        } catch {
          return [];
        }
      }),
    async metric(name, labels = {}) {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      // A name this process does not export would read as 0 whatever happens.
      if (!text.includes(`# TYPE ${name} `)) throw new Error(`${name} is not on the /metrics of port ${metricsPort}`);
      const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
      let total = 0;
      for (const line of text.split('\n')) {
        const match = /^(\w+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
        if (!match || match[1] !== name) continue;
        const present = (match[2] ?? '').split(',');
        if (wanted.every((label) => present.includes(label))) total += Number(match[3]);
      }
      return total;
    },
  };
  child.stdout?.on('data', (chunk: Buffer) => (service.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (service.stderr += chunk.toString()));
  await waitUntil('a beacon-ops process', async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok || child.exitCode !== null, {
    timeoutMs,
    intervalMs: 200,
  });
  if (child.exitCode !== null)
    throw new Error(`beacon-ops exited with code ${child.exitCode} while starting:\n${service.stderr}\n${service.stdout.slice(-2000)}`);
  return service;
}

/** The line a replica logs when the node refused its nonce as taken (WalletPoolService). */
export const NONCE_TAKEN_LINE = /nonce \d+ was taken/;

/** The log lines of a replica that met a nonce taken by another sender (as far as its log was flushed). */
export function nonceTakenLines(service: ServiceChild): string[] {
  const logs = service.logs();
  // Its log is read at all (the access log of /health, at least): else no line could ever be found.
  if (!logs.some((line) => line.msg === 'request')) throw new Error(`no access log line on the stdout of beacon-ops on port ${service.port}`);
  return logs.filter((line) => NONCE_TAKEN_LINE.test(line.msg)).map((line) => line.msg);
}

/** How often the node refused a replica's transaction for a taken nonce (beacon_ops_rpc_errors_total{kind="nonce"}). */
export function nonceRefusals(service: ServiceChild): Promise<number> {
  return service.metric('beacon_ops_rpc_errors_total', { kind: 'nonce' });
}
