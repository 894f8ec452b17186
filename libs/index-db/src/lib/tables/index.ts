export * from './cells';
export * from './markets';
export * from './positions';
export * from './snapshots';
export * from './trades';
export * from './ticks';
