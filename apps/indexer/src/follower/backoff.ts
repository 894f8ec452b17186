/**
 * Waits between retries of a failing call: doubling from `minMs` to `maxMs`, with up to a fifth
 * of jitter so that replicas retrying one recovered store do not arrive together.
 */
export function backoffDelay(attempt: number, minMs: number, maxMs: number, random: () => number = Math.random): number {
  const base = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (1 - 0.2 * random()));
}

/** Resolves after `ms`, or at once when `signal` aborts (shutdown must not wait out a long backoff). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
