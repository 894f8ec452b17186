export * from './lib/dev-defaults';
