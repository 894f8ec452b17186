export * from './cells';
export * from './markets';
export * from './positions';
export * from './position-settlements';
export * from './snapshots';
export * from './trades';
export * from './ticks';
