/**
 * A progress bar on stderr: redrawn in place on a terminal, a line per 10 % otherwise
 * (CI logs). Silent when disabled (tests).
 */
export class Progress {
  private lastDraw = 0;
  private lastDecile = -1;
  private readonly startedAt = Date.now();
  private readonly tty: boolean;

  constructor(
    private readonly total: number,
    private readonly enabled: boolean,
    private readonly out: NodeJS.WriteStream = process.stderr,
  ) {
    this.tty = Boolean(out.isTTY);
  }

  update(done: number, detail: string): void {
    if (!this.enabled) return;
    const now = Date.now();
    const fraction = this.total === 0 ? 1 : done / this.total;
    if (this.tty) {
      if (now - this.lastDraw < 200 && done < this.total) return;
      this.lastDraw = now;
      this.out.write(`\r\x1b[2K${this.line(fraction, detail)}`);
    } else {
      const decile = Math.floor(fraction * 10);
      if (decile === this.lastDecile) return;
      this.lastDecile = decile;
      this.out.write(`${this.line(fraction, detail)}\n`);
    }
  }

  /** Ends the bar's line; later messages start on a fresh one. */
  finish(): void {
    if (this.enabled && this.tty) this.out.write('\n');
  }

  message(text: string): void {
    if (this.enabled) this.out.write(`${text}\n`);
  }

  private line(fraction: number, detail: string): string {
    const width = 30;
    const filled = Math.round(fraction * width);
    const elapsed = (Date.now() - this.startedAt) / 1000;
    const eta = fraction > 0.01 ? (elapsed / fraction) * (1 - fraction) : NaN;
    const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
    return `[${bar}] ${(fraction * 100).toFixed(1).padStart(5)}% ${detail} | ${elapsed.toFixed(0)}s${Number.isFinite(eta) ? `, ETA ${eta.toFixed(0)}s` : ''}`;
  }
}
