export * from './lib/market-data-client';
export * from './lib/market-data-api-error';
export * from './lib/offset-pages';
export type { components, operations, paths } from './generated/market-data-api';
export * from './lib/market-stream';
