export * from './lib/presets';
export * from './lib/simulation';
export * from './lib/summary';
export * from './lib/cli-options';
export * from './lib/invariants';
export * from './lib/explain';
// The seeded randomness and price paths, for the chain driver's presets (tools/chain-driver).
export { Rng, q40 } from './lib/rng';
export { PriceModel } from './lib/price-model';
export { MARKET_THEMES, themedMarket, type MarketTheme } from './lib/market-setup';
