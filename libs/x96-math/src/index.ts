export * from './lib/decimal';
export * from './lib/integer-sqrt';
export * from './lib/x96';
export * from './lib/units';
export * from './lib/taker';
export * from './lib/tick-math';
export * from './lib/maker';
