export * from './lib/dev-secrets';
export * from './lib/http-server-settings';
export * from './lib/setting-parsers';
export * from './lib/settings';
export * from './lib/store-settings';
