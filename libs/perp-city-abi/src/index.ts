export * from './lib/builds';
export * from './lib/fragments';
export * from './lib/interfaces';
export * from './lib/log';
export type { DecodedLog, DecodeOptions } from './lib/decode';
export * from './lib/events';
export * from './lib/units';
export * from './lib/module-fragments';
export * from './lib/module-interfaces';
