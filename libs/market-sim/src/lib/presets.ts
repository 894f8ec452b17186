/** How many markets of each special kind a preset has; the rest are ordinary, fully active markets. */
export interface MarketMix {
  /** Indexing stopped two hours before the end: open positions with a stale mark. */
  stale: number;
  /** Every position closed and every maker gone mid-window: no open interest, no liquidity. */
  inactive: number;
  /** Created after the last snapshot tick: no snapshot and no EMA yet. */
  unsnapshotted: number;
}

export interface Preset {
  name: string;
  markets: number;
  positions: number;
  days: number;
  /** Snapshot (and simulation step) interval. */
  intervalSeconds: number;
  holders: number;
  mix: MarketMix;
  /** Fraction of tickers left null. */
  noTickerShare: number;
}

export const PRESETS: Record<string, Preset> = {
  /** What `npm start` loads: small enough to load in seconds, every case present. */
  demo: {
    name: 'demo',
    markets: 10,
    positions: 5_000,
    days: 7,
    intervalSeconds: 60,
    holders: 400,
    mix: { stale: 1, inactive: 1, unsnapshotted: 2 },
    noTickerShare: 0.2,
  },
  /** Benchmark scale: 100 markets, 1,000,000 positions, about 10,000,000 snapshots. */
  bench: {
    name: 'bench',
    markets: 100,
    positions: 1_000_000,
    days: 77,
    intervalSeconds: 60,
    holders: 50_000,
    mix: { stale: 3, inactive: 3, unsnapshotted: 3 },
    noTickerShare: 0.2,
  },
  /** Test size: every case of demo, a fraction of its rows. */
  small: {
    name: 'small',
    markets: 6,
    positions: 600,
    days: 1,
    intervalSeconds: 60,
    holders: 50,
    mix: { stale: 1, inactive: 1, unsnapshotted: 1 },
    noTickerShare: 0.2,
  },
};
