import type { Signer } from 'ethers';
import { DeployedEcdsaBeaconDouble__factory, DeployedEcdsaVerifierAdapterDouble__factory } from '../../../generated/test-types';
import { BeaconRegistry__factory } from '../../../generated/types';
import { mined } from '../deploy-beacon-system';

export interface EcdsaBeaconDoubleOptions {
  /** The address whose signatures the adapter accepts (the service's signer). */
  signer: string;
  /** A BeaconRegistry to register the beacon in (the deployer must be its owner or a registrar). */
  registry?: string;
  /** An adapter to use instead of a new one (several beacons may share one, as on the deployed protocol). */
  adapter?: string;
}

/**
 * The double of a deployed Perp City ECDSA beacon (test-fixtures: DeployedEcdsaBeaconDouble on a
 * DeployedEcdsaVerifierAdapterDouble, the deployed interfaces without BEACON() or a deadline),
 * registered if asked. The deployer owns the beacon (it may repoint its adapter).
 */
export async function deployEcdsaBeaconDouble(deployer: Signer, options: EcdsaBeaconDoubleOptions): Promise<{ beacon: string; adapter: string }> {
  let nonce = await deployer.getNonce('pending');
  const next = () => ({ nonce: nonce++ });
  const adapter =
    options.adapter ??
    (await (await new DeployedEcdsaVerifierAdapterDouble__factory(deployer).deploy(options.signer, next())).waitForDeployment()).target.toString();
  const beacon = (await (await new DeployedEcdsaBeaconDouble__factory(deployer).deploy(adapter, next())).waitForDeployment()).target.toString();
  if (options.registry) await mined(BeaconRegistry__factory.connect(options.registry, deployer).registerBeacon(beacon, next()));
  return { beacon, adapter };
}
