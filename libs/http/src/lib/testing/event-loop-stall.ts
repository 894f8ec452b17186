/**
 * The request-hygiene tests' bound on the longest event-loop stall while a hostile body is
 * refused. Without the limits a 95k-key body stalled the loop for 5-9 s; measured now 10-70 ms,
 * the test client's own work in the same process and GC included. The bound leaves room for a
 * loaded machine.
 */
export const STALL_BOUND_MS = 150;

/** How late a timer set for 1 ms fires, at worst, while `work` runs: the event loop's longest stall (the app runs in this process). */
export async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return worst;
}

/**
 * The least of up to `attempts` stalls of `work` (stopping at the first under STALL_BOUND_MS). A
 * missing limit stalls every attempt for seconds; a loaded machine's scheduler (2 cores shared
 * by the whole test run) stalls one now and then, so only the best attempt says which it is.
 */
export async function quietestStall(work: () => Promise<unknown>, attempts = 3): Promise<number> {
  let least = Infinity;
  for (let attempt = 0; attempt < attempts && least >= STALL_BOUND_MS; attempt++) {
    least = Math.min(least, await longestStall(work));
  }
  return least;
}
