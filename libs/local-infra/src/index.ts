export * from './lib/free-port';
export * from './lib/wait-until';
export * from './lib/child-process';
export * from './lib/postgres-server';
export * from './lib/anvil-node';
export * from './lib/test-servers';
export * from './lib/package-root';
export * from './lib/dev-signing-key';
