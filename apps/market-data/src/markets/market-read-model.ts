import type { SnapshotApiRow } from '@perp/index-db';
import { KeptAnswer, keptAnswer, marketNotFound, noLiveData } from '../common';
import { MarketWithSnapshot, PriceWindow } from './market-rows';

/** The routes a market's read model answers: the unversioned ones and their frozen /v1 twins. */
export type MarketReadRoute = 'detail' | 'live' | 'stats' | 'v1-detail' | 'v1-live' | 'v1-stats';

/**
 * One market's per-snapshot answers (detail, live, stats and their /v1 twins) as of one read:
 * the market with its latest snapshot, loaded with the model; the 24 h price window, loaded the
 * first time a stats route asks (and with every later model of a market whose stats were asked);
 * and each route's answer, serialised, encoded and hashed once. Every answer it gives is a
 * KeptAnswer replayed by URL while `current()` holds, which MarketReadModels ties to the
 * model's one life (MARKET_READ_MAX_AGE_MS from the start of its read).
 */
export class MarketReadModel {
  private readonly answers = new Map<MarketReadRoute, KeptAnswer<unknown>>();
  private window: Promise<PriceWindow | null | undefined> | undefined;

  constructor(
    readonly perpAddress: string,
    /** null: no such market. */
    private readonly read: MarketWithSnapshot | null,
    /** When the read started, on MarketReadModels' clock. */
    readonly loadedAt: number,
    private readonly loadWindow: () => Promise<PriceWindow | null | undefined>,
    private readonly current: () => boolean,
    window?: PriceWindow | null | undefined,
  ) {
    if (window !== undefined) this.window = Promise.resolve(window);
  }

  /** Whether a stats route asked this model for its window: the next model of the market loads it with its read. */
  get windowAsked(): boolean {
    return this.window !== undefined;
  }

  /** The market and its latest snapshot; 404 "Market not found". */
  market(): MarketWithSnapshot {
    if (!this.read) throw marketNotFound();
    return this.read;
  }

  /** For live: 404 "Market not found", or 404 "No live data for market" before the first snapshot. */
  live(): MarketWithSnapshot & { snapshot: SnapshotApiRow } {
    const read = this.market();
    if (!read.snapshot) throw noLiveData();
    return read as MarketWithSnapshot & { snapshot: SnapshotApiRow };
  }

  /**
   * For stats: the 24 h window ending at the latest snapshot; 404 "Market not found", or "No live
   * data for market" without any snapshot (never made-up zeros). Loaded once per model, by the
   * first caller, shared by the concurrent ones; a failed load is not kept.
   */
  async priceWindow(): Promise<PriceWindow> {
    this.market();
    if (this.window === undefined) {
      const loading = this.loadWindow();
      this.window = loading;
      loading.catch(() => {
        if (this.window === loading) this.window = undefined;
      });
    }
    const window = await this.window;
    if (window === undefined) throw marketNotFound();
    if (window === null) throw noLiveData();
    return window;
  }

  /** Route `route`'s answer, built once per model: `build` must depend only on this model's reads. */
  answer<T>(route: MarketReadRoute, build: () => T): KeptAnswer<T> {
    let kept = this.answers.get(route);
    if (kept === undefined) this.answers.set(route, (kept = keptAnswer(JSON.stringify(build()), this.current)));
    return kept as KeptAnswer<T>;
  }
}
