// Light entry (`@perp/index-db/figures`): the tables' column lists, row types and decoders, and the
// contract's figures over them (contract-figures.ts, the candidate key and its bounds), without the
// stores' machinery (entities, migrations, TypeORM, Nest): all that a worker thread computing
// figures from rows it reads itself loads (market-data's liquidation candidates).
export * from './lib/tables';
export * from './lib/contract-figures';
export * from './lib/liquidation-mark';
export * from './lib/candidate-bounds';
