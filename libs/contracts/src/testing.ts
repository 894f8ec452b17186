// Test-only entry (`@perp/contracts/testing`): fixtures that must never back a real beacon, and the dev-stack deployment.
export { FailingBeaconFactory__factory, FakeEcdsaBeacon__factory, GasBurner__factory } from '../generated/test-types';
export type { FailingBeaconFactory, FakeEcdsaBeacon, GasBurner } from '../generated/test-types';

export { deployDevSystem } from './lib/testing/deploy-dev-system';
export type { DevSystemAddresses, DevSystemOptions } from './lib/testing/deploy-dev-system';

// The Perp City protocol double (perp-double/): dev chains and tests only, never the production entry.
export { PerpMathHarness__factory } from '../generated/double-types';
export type { PerpMathHarness } from '../generated/double-types';
