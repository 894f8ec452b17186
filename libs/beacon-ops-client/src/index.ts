export * from './lib/beacon-ops-client';
export * from './lib/beacon-ops-api-error';
export type { components, operations, paths } from './generated/beacon-ops-api';
