import type { Signer } from 'ethers';
import { TestVerifier__factory } from '../../../generated/test-types';
import { BeaconRegistry__factory, VerifiableBeaconFactory__factory } from '../../../generated/types';
import { deployBatchUpdater } from '../batch-updater';
import { createdBeaconAddresses } from '../created-beacons';
import { deployBeaconSystem, mined, type BeaconSystemAddresses } from '../deploy-beacon-system';
import { deployEcdsaBeacon } from '../deploy-ecdsa-beacon';

export interface DevSystemOptions {
  /** The address whose signatures the demo ECDSA beacon's adapter accepts (the service's signer). */
  signer: string;
  /** Accounts made registrars of the registry (the service's pool wallets, so /register_beacon works). */
  registrars?: string[];
  /** Inclusive range of the demo ECDSA beacon (default 0-100, a percentage). */
  ecdsaRange?: { min: bigint; max: bigint };
  /** The demo ZK beacon's initial value and TWAP ring size (default 0 and 100). */
  zkInitialData?: bigint;
  zkCardinality?: number;
}

export interface DevSystemAddresses extends BeaconSystemAddresses {
  /** TestVerifier: accepts makeTestProof proofs only. A stand-in until the real ZK verifier exists. */
  testVerifier: string;
  batchUpdater: string;
  demoEcdsaBeacon: string;
  demoEcdsaAdapter: string;
  /** A VerifiableBeacon (TWAP) on the TestVerifier, registered in the registry. */
  demoZkBeacon: string;
  demoZkVerifier: string;
}

/**
 * Everything a local beacon-ops needs, for the dev stack, tests and the benchmark: the beacon
 * system with TestVerifier as the ZK verifier, a BatchUpdater, registrar rights for `registrars`,
 * one demo ECDSA beacon signed by `signer`, and one demo TWAP beacon on the TestVerifier.
 * Test/dev only: the TestVerifier must never back a real beacon. The deployer's provider must
 * not cache eth_getTransactionCount (ethers: `cacheTimeout: -1`): each step reads its nonce.
 */
export async function deployDevSystem(deployer: Signer, options: DevSystemOptions): Promise<DevSystemAddresses> {
  const nonce = async () => ({ nonce: await deployer.getNonce('pending') });
  const verifier = await (await new TestVerifier__factory(deployer).deploy(await nonce())).waitForDeployment();
  const testVerifier = await verifier.getAddress();
  const system = await deployBeaconSystem(deployer, { verifier: testVerifier });
  const batchUpdater = await deployBatchUpdater(deployer);

  const registry = BeaconRegistry__factory.connect(system.registry, deployer);
  for (const registrar of options.registrars ?? []) await mined(registry.setRegistrar(registrar, true, await nonce()));

  const range = options.ecdsaRange ?? { min: 0n, max: 100n };
  const ecdsa = await deployEcdsaBeacon(deployer, { signer: options.signer, min: range.min, max: range.max });

  const factory = VerifiableBeaconFactory__factory.connect(system.verifiableBeaconFactory, deployer);
  const created = await (await factory.createBeacon(testVerifier, options.zkInitialData ?? 0n, options.zkCardinality ?? 100, await nonce())).wait();
  const [demoZkBeacon] = createdBeaconAddresses(created?.logs ?? []);
  await mined(registry.registerBeacon(demoZkBeacon, await nonce()));

  return {
    ...system,
    testVerifier,
    batchUpdater,
    demoEcdsaBeacon: ecdsa.beacon,
    demoEcdsaAdapter: ecdsa.adapter,
    demoZkBeacon,
    demoZkVerifier: testVerifier,
  };
}
