export * from './lib/describe-drift';
export * from './lib/export-openapi-document';
export * from './lib/openapi-drift';
export * from './lib/run-openapi-export';
export * from './lib/stable-json';
export * from './lib/without-network';
