import type { BigNumberish, Signer } from 'ethers';
import { EcdsaBeacon__factory, EcdsaVerifierAdapter__factory } from '../../generated/types';
import { mined } from './deploy-beacon-system';

export interface EcdsaBeaconOptions {
  /** The address whose EIP-712 signatures the adapter accepts (the service's signing wallet). */
  signer: string;
  /** Inclusive accepted measurement range, e.g. 0..100 for a percentage beacon. */
  min: BigNumberish;
  max: BigNumberish;
}

export interface EcdsaBeaconAddresses {
  beacon: string;
  adapter: string;
}

/** Deploys an adapter, its beacon, and binds them (three transactions; the deployer must bind). */
export async function deployEcdsaBeacon(deployer: Signer, options: EcdsaBeaconOptions): Promise<EcdsaBeaconAddresses> {
  let nonce = await deployer.getNonce('pending');
  const next = () => ({ nonce: nonce++ });

  const adapter = await (await new EcdsaVerifierAdapter__factory(deployer).deploy(options.signer, options.min, options.max, next())).waitForDeployment();
  const adapterAddress = await adapter.getAddress();
  const beacon = await (await new EcdsaBeacon__factory(deployer).deploy(adapterAddress, next())).waitForDeployment();
  const beaconAddress = await beacon.getAddress();
  await mined(adapter.bindBeacon(beaconAddress, next()));
  return { beacon: beaconAddress, adapter: adapterAddress };
}
