// Test-only entry (`@perp/contracts/testing`): fixtures that must never back a real beacon, and the dev-stack deployment.
export { FailingBeaconFactory__factory, FakeEcdsaBeacon__factory, GasBurner__factory } from '../generated/test-types';
export type { FailingBeaconFactory, FakeEcdsaBeacon, GasBurner } from '../generated/test-types';

export { deployDevSystem } from './lib/testing/deploy-dev-system';
export type { DevSystemAddresses, DevSystemOptions } from './lib/testing/deploy-dev-system';
