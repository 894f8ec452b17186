// market-sim's seeded RNG and price model, reused as they are (not copied): the chain follows the same
// index path model as the simulated store. libs/market-sim does not export them from its entry point
// yet, hence the deep import (asked for: `export { Rng, q40 } from './lib/rng'` and
// `export { PriceModel } from './lib/price-model'` in libs/market-sim/src/index.ts).
// eslint-disable-next-line @nx/enforce-module-boundaries
export { Rng, q40 } from '../../libs/market-sim/src/lib/rng';
// eslint-disable-next-line @nx/enforce-module-boundaries
export { PriceModel } from '../../libs/market-sim/src/lib/price-model';
