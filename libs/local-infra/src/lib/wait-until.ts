/** Polls `probe` until it resolves truthy or the deadline passes; the last error explains a timeout. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  { timeoutMs = 30_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if (await probe()) return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  const reason = lastError instanceof Error ? `: ${lastError.message}` : '';
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
}
