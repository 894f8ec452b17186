/**
 * Waiters for something this process frees (a wallet lease, a beacon lock), woken oldest first
 * when it frees one, or after their own timeout (another replica may free it too). One is woken
 * per release, handed `T` (what came free): only one of them can take it.
 */
export class WakeQueue<T> {
  private readonly waiters: ((value: T) => void)[] = [];

  get length(): number {
    return this.waiters.length;
  }

  /** What the waker handed over (oldest waiter first), or null after `ms`. */
  wait(ms: number): Promise<T | null> {
    return new Promise<T | null>((resolve) => {
      const wake = (value: T) => done(value);
      const done = (value: T | null) => {
        clearTimeout(timer);
        const at = this.waiters.indexOf(wake);
        if (at >= 0) this.waiters.splice(at, 1);
        resolve(value);
      };
      const timer = setTimeout(() => done(null), ms);
      this.waiters.push(wake);
    });
  }

  /** Wakes the oldest waiter with `value`; false when nobody waits. */
  wakeOldest(value: T): boolean {
    const oldest = this.waiters[0];
    oldest?.(value);
    return oldest !== undefined;
  }
}
