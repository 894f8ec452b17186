import { JsonRpcProvider, TransactionReceipt } from 'ethers';

/**
 * Polls for a receipt until `timeoutMs` has passed, never longer: ethers' own
 * `waitForTransaction` relies on block subscriptions and a slow or dead node can stall it.
 * A failed poll (node briefly down) is retried until the deadline. Null: no receipt in time.
 */
export async function waitForReceipt(
  provider: JsonRpcProvider,
  hash: string,
  { timeoutMs, pollMs, signal }: { timeoutMs: number; pollMs: number; signal?: AbortSignal },
): Promise<TransactionReceipt | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0 || signal?.aborted) return null;
    const receipt = await within(provider.getTransactionReceipt(hash), remaining).catch(() => null);
    if (receipt) return receipt;
    const pause = Math.min(pollMs, deadline - Date.now());
    if (pause <= 0) return null;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** The promise's value, or null once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
