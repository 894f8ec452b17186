import type { BigNumberish, Signer } from 'ethers';
import { BeaconRegistry__factory, EcdsaBeacon__factory } from '../../generated/types';
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
