export * from './lib/local-infra';
