import { maskUrlPasswords, NotReadyError } from '@perp/store';

/** One dependency /ready reports on: a store, an RPC endpoint. `probe` throws when it is down. */
export interface ReadinessCheck {
  name: string;
  probe(): Promise<void>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

export interface CheckResult {
  status: 'up' | 'down';
  latency_ms: number;
  /** Why it is down: a NotReadyError's reason, else `unreachable` or `timeout` (no internals). */
  reason?: string;
}

const TIMED_OUT = new Error('timeout');

export async function runChecks(checks: ReadinessCheck[], timeoutMs: number): Promise<Record<string, CheckResult>> {
  const entries = await Promise.all(
    checks.map(async (check): Promise<[string, CheckResult]> => {
      const started = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(TIMED_OUT), timeoutMs);
      });
      try {
        await Promise.race([check.probe(), timeout]);
        return [check.name, { status: 'up', latency_ms: Date.now() - started }];
      } catch (error) {
        const reason = error instanceof NotReadyError ? maskUrlPasswords(error.message) : error === TIMED_OUT ? 'timeout' : 'unreachable';
        return [check.name, { status: 'down', latency_ms: Date.now() - started, reason }];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return Object.fromEntries(entries);
}
