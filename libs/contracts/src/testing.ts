// Test-only entry (`@perp/contracts/testing`): fixtures that must never back a real beacon, and the dev-stack deployment.
export {
  DeployedEcdsaBeaconDouble__factory,
  DeployedEcdsaVerifierAdapterDouble__factory,
  EcdsaVerifierDouble__factory,
  FailingBeaconFactory__factory,
  FakeEcdsaBeacon__factory,
  GasBurner__factory,
  LyingEcdsaVerifierAdapter__factory,
  VerifierGroupBeaconDouble__factory,
} from '../generated/test-types';
export type {
  DeployedEcdsaBeaconDouble,
  DeployedEcdsaVerifierAdapterDouble,
  EcdsaVerifierDouble,
  FailingBeaconFactory,
  FakeEcdsaBeacon,
  GasBurner,
  LyingEcdsaVerifierAdapter,
  VerifierGroupBeaconDouble,
} from '../generated/test-types';
export { deployEcdsaBeaconDouble } from './lib/testing/deploy-ecdsa-beacon-double';
export type { EcdsaBeaconDoubleOptions } from './lib/testing/deploy-ecdsa-beacon-double';

export { deployDevSystem } from './lib/testing/deploy-dev-system';
export type { DevSystemAddresses, DevSystemOptions } from './lib/testing/deploy-dev-system';

// The Perp City protocol double (perp-double/): dev chains and tests only, never the production entry.
export { PerpMathHarness__factory } from '../generated/double-types';
export type { PerpMathHarness } from '../generated/double-types';
export {
  AccountingToken__factory,
  FeesModule__factory,
  FundingModule__factory,
  MarginRatiosModule__factory,
  PerpFactory__factory,
  PerpLogic__factory,
  Perp__factory,
  PoolManager__factory,
  PriceImpactModule__factory,
  PricingModule__factory,
  ProtocolFeeManager__factory,
  TestUSDC__factory,
} from '../generated/double-types';
export type { Perp, PerpFactory, PoolManager, TestUSDC } from '../generated/double-types';
export { DEFAULT_PERP_CITY_MODULES, deployPerpCity, pushEcdsaIndex } from './lib/perp-double/deploy-perp-city';
export type { PerpCityAddresses, PerpCityModuleParams, PerpCityOptions } from './lib/perp-double/deploy-perp-city';
