export * from './lib/x96-math';
