export * from './lib/http';
