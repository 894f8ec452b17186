import type { ContractTransactionResponse, Signer } from 'ethers';
import {
  BeaconFactory__factory,
  BeaconRegistry__factory,
  GroupEcdsaBeaconFactory__factory,
  Multicall3__factory,
  VerifiableBeaconFactory__factory,
} from '../../generated/types';

export interface BeaconSystemOptions {
  /** Verifier every BeaconFactory beacon is bound to (the Groth16VerifierAdapter of deployGroth16Verifier). */
  verifier: string;
  /** Final registry owner; defaults to the deployer (which must own it while authorising the factory). */
  registryOwner?: string;
  /** Reuse a deployed Multicall3 (e.g. the canonical 0xcA11...CA11) instead of deploying one. */
  multicall3?: string;
}

export interface BeaconSystemAddresses {
  multicall3: string;
  registry: string;
  beaconFactory: string;
  verifiableBeaconFactory: string;
  /** GroupEcdsaBeaconFactory, a registrar of the registry like beaconFactory. */
  groupEcdsaBeaconFactory: string;
  verifier: string;
}

/** Waits for the receipt so each step is on chain before the next one relies on it. */
export async function mined(tx: Promise<ContractTransactionResponse>): Promise<void> {
  await (await tx).wait();
}

/**
 * Deploys Multicall3 (unless given), the registry, the three factories, and authorises the beacon
 * and group ECDSA beacon factories as registrars. Nonces are assigned here from one read, so a provider that caches
 * eth_getTransactionCount (ethers does, briefly) cannot hand out the same nonce twice.
 */
export async function deployBeaconSystem(deployer: Signer, options: BeaconSystemOptions): Promise<BeaconSystemAddresses> {
  const deployerAddress = await deployer.getAddress();
  let nonce = await deployer.getNonce('pending');
  const next = () => ({ nonce: nonce++ });

  let multicall3 = options.multicall3;
  if (!multicall3) {
    const contract = await new Multicall3__factory(deployer).deploy(next());
    multicall3 = await (await contract.waitForDeployment()).getAddress();
  }
  const registry = await (await new BeaconRegistry__factory(deployer).deploy(deployerAddress, next())).waitForDeployment();
  const registryAddress = await registry.getAddress();
  const beaconFactory = await (await new BeaconFactory__factory(deployer).deploy(options.verifier, registryAddress, next())).waitForDeployment();
  const beaconFactoryAddress = await beaconFactory.getAddress();
  const verifiableBeaconFactory = await (await new VerifiableBeaconFactory__factory(deployer).deploy(next())).waitForDeployment();
  const groupFactory = await (await new GroupEcdsaBeaconFactory__factory(deployer).deploy(registryAddress, next())).waitForDeployment();
  const groupFactoryAddress = await groupFactory.getAddress();

  await mined(registry.setRegistrar(beaconFactoryAddress, true, next()));
  await mined(registry.setRegistrar(groupFactoryAddress, true, next()));
  if (options.registryOwner && options.registryOwner.toLowerCase() !== deployerAddress.toLowerCase()) {
    await mined(registry.transferOwnership(options.registryOwner, next()));
  }

  return {
    multicall3,
    registry: registryAddress,
    beaconFactory: beaconFactoryAddress,
    verifiableBeaconFactory: await verifiableBeaconFactory.getAddress(),
    groupEcdsaBeaconFactory: groupFactoryAddress,
    verifier: options.verifier,
  };
}
