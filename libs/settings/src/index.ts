export * from './lib/settings';
