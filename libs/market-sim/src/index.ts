export * from './lib/presets';
export * from './lib/simulation';
export * from './lib/summary';
export * from './lib/cli-options';
export * from './lib/invariants';
export * from './lib/explain';
