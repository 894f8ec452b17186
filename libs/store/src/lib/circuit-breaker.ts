/**
 * A dependency known to be down (a store, an RPC node): callers get an answer at once instead
 * of each waiting out its own timeout, while one probe at a time checks in the background
 * whether it answers again. Nothing to reset by hand: the first successful probe closes it.
 */
export class CircuitBreaker {
  private openSince?: number;
  private timer?: NodeJS.Timeout;
  private probing = false;
  private stopped = false;

  constructor(
    /** Resolves when the dependency answers; its own time bound is the caller's to set. */
    private readonly probe: () => Promise<unknown>,
    private readonly probeIntervalMs: number,
  ) {}

  get isOpen(): boolean {
    return this.openSince !== undefined;
  }

  /** Marks the dependency down and starts probing it (no-op while already open). */
  trip(): void {
    if (this.stopped || this.openSince !== undefined) return;
    this.openSince = Date.now();
    this.schedule();
  }

  /** Closes the breaker: a call just succeeded, so the dependency answers. */
  close(): void {
    this.openSince = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  stop(): void {
    this.stopped = true;
    this.close();
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.probeOnce(), this.probeIntervalMs);
    this.timer.unref();
  }

  private async probeOnce(): Promise<void> {
    if (this.probing || this.openSince === undefined) return;
    this.probing = true;
    try {
      await this.probe();
      this.close();
    } catch {
      if (this.openSince !== undefined && !this.stopped) this.schedule();
    } finally {
      this.probing = false;
    }
  }
}
