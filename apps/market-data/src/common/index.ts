// Response helpers shared by the market and position routes.
export * from './iso-timestamp';
export * from './address';
export * from './perp-alias';
export * from './not-found';
export * from './time-range-query';
export * from './api-fields';
export * from './api-errors';
export * from './etag';
export { measureCache } from './cache-metrics';
export * from './http-cache';
export * from './kept-answers';
