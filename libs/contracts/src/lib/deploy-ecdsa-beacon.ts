import type { BigNumberish, Signer } from 'ethers';
import { BeaconRegistry__factory, EcdsaBeacon__factory, GroupEcdsaBeacon__factory, GroupEcdsaBeaconFactory__factory } from '../../generated/types';
import { createdBeaconAddresses } from './created-beacons';
import { mined } from './deploy-beacon-system';

export interface EcdsaBeaconOptions {
  /** The address whose EIP-712 signatures the adapter accepts (the service's signing wallet). */
  signer: string;
  /** Inclusive accepted measurement range, e.g. 0..100 for a percentage beacon. */
  min: BigNumberish;
  max: BigNumberish;
  /**
   * A BeaconRegistry to register the beacon in (the deployer must be its owner or a registrar):
   * beacon-ops signs only for ECDSA beacons its registry holds or its allow-list names.
   */
  registry?: string;
}

export interface EcdsaBeaconAddresses {
  beacon: string;
  adapter: string;
}

/** Deploys a beacon, which creates its adapter bound to it (one transaction), and registers it if asked. */
export async function deployEcdsaBeacon(deployer: Signer, options: EcdsaBeaconOptions): Promise<EcdsaBeaconAddresses> {
  let nonce = await deployer.getNonce('pending');
  const next = () => ({ nonce: nonce++ });
  const beacon = await (await new EcdsaBeacon__factory(deployer).deploy(options.signer, options.min, options.max, next())).waitForDeployment();
  const beaconAddress = await beacon.getAddress();
  if (options.registry) await mined(BeaconRegistry__factory.connect(options.registry, deployer).registerBeacon(beaconAddress, next()));
  return { beacon: beaconAddress, adapter: await beacon.verifierAdapter() };
}

export interface GroupEcdsaBeaconOptions extends EcdsaBeaconOptions {
  /** How many values the group holds (1..GROUP_BEACON_MAX_SIZE). */
  size: number;
  /** The GroupEcdsaBeaconFactory to create it through (it must be a registrar of `registry` when one is given). */
  factory: string;
}

/** Creates a group beacon through its factory (created and registered in one transaction when a registry is given). */
export async function deployGroupEcdsaBeacon(deployer: Signer, options: GroupEcdsaBeaconOptions): Promise<EcdsaBeaconAddresses> {
  const factory = GroupEcdsaBeaconFactory__factory.connect(options.factory, deployer);
  const args = [options.signer, options.size, options.min, options.max] as const;
  const receipt = await (await (options.registry ? factory.createAndRegisterBeacon(...args) : factory.createBeacon(...args))).wait();
  const [beacon] = createdBeaconAddresses((receipt?.logs ?? []).filter((log) => log.address.toLowerCase() === options.factory.toLowerCase()));
  return { beacon, adapter: await GroupEcdsaBeacon__factory.connect(beacon, deployer).verifierAdapter() };
}
