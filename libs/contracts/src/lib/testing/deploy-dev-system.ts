import type { Signer } from 'ethers';
import { BeaconRegistry__factory, VerifiableBeaconFactory__factory } from '../../../generated/types';
import { deployBatchUpdater } from '../batch-updater';
import { createdBeaconAddresses } from '../created-beacons';
import { deployBeaconSystem, mined, type BeaconSystemAddresses } from '../deploy-beacon-system';
import { deployEcdsaBeacon } from '../deploy-ecdsa-beacon';
import { deployGroth16Verifier } from '../deploy-groth16-verifier';

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
  /** The beacon-mean circuit's snarkjs-exported verifier; `verifier` (its adapter) is what beacons call. */
  groth16Verifier: string;
  batchUpdater: string;
  demoEcdsaBeacon: string;
  demoEcdsaAdapter: string;
  /** A VerifiableBeacon (TWAP) on the Groth16 adapter, registered in the registry. */
  demoZkBeacon: string;
  demoZkVerifier: string;
}

/**
 * Everything a local beacon-ops needs, for the dev stack, tests and the benchmark: the beacon
 * system on the beacon-mean circuit's Groth16 verifier (libs/zk: `npm run prove` makes proofs
 * for it), a BatchUpdater, registrar rights for `registrars`, one demo ECDSA beacon signed by
 * `signer` (registered), and one demo TWAP beacon on the Groth16 verifier. Dev only: the verifier's key comes
 * from a single-party ceremony. The deployer's provider must not cache eth_getTransactionCount
 * (ethers: `cacheTimeout: -1`): each step reads its nonce.
 */
export async function deployDevSystem(deployer: Signer, options: DevSystemOptions): Promise<DevSystemAddresses> {
  const nonce = async () => ({ nonce: await deployer.getNonce('pending') });
  const { groth16Verifier, adapter } = await deployGroth16Verifier(deployer);
  const system = await deployBeaconSystem(deployer, { verifier: adapter });
  const batchUpdater = await deployBatchUpdater(deployer);

  const registry = BeaconRegistry__factory.connect(system.registry, deployer);
  for (const registrar of options.registrars ?? []) await mined(registry.setRegistrar(registrar, true, await nonce()));

  const range = options.ecdsaRange ?? { min: 0n, max: 100n };
  // Registered: the service's signer signs only for beacons its registry holds.
  const ecdsa = await deployEcdsaBeacon(deployer, { signer: options.signer, min: range.min, max: range.max, registry: system.registry });

  const factory = VerifiableBeaconFactory__factory.connect(system.verifiableBeaconFactory, deployer);
  const created = await (await factory.createBeacon(adapter, options.zkInitialData ?? 0n, options.zkCardinality ?? 100, await nonce())).wait();
  const [demoZkBeacon] = createdBeaconAddresses(created?.logs ?? []);
  await mined(registry.registerBeacon(demoZkBeacon, await nonce()));

  return {
    ...system,
    groth16Verifier,
    batchUpdater,
    demoEcdsaBeacon: ecdsa.beacon,
    demoEcdsaAdapter: ecdsa.adapter,
    demoZkBeacon,
    demoZkVerifier: adapter,
  };
}
