/**
 * The eth_getLogs block window of a backfill. Providers cap a call by result count, response
 * size or time, and none says its cap up front: the window grows while calls succeed (fewer
 * round trips on empty history) and halves when one is refused, down to its minimum.
 */
export class LogWindow {
  private current: number;

  constructor(
    readonly min: number,
    readonly max: number,
    initial: number,
  ) {
    if (min < 1 || max < min) throw new Error(`bad log window bounds [${min}, ${max}]`);
    this.current = clamp(initial, min, max);
  }

  get size(): number {
    return this.current;
  }

  /** The blocks the next call covers: from `from` to at most `last`. */
  range(from: number, last: number): { from: number; to: number } {
    return { from, to: Math.min(last, from + this.current - 1) };
  }

  grow(): void {
    this.current = clamp(this.current * 2, this.min, this.max);
  }

  /** False when already at the minimum: the refusal is then not about the window's size. */
  shrink(): boolean {
    if (this.current === this.min) return false;
    this.current = clamp(Math.floor(this.current / 2), this.min, this.max);
    return true;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}
