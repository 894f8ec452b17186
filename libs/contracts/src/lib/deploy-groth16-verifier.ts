import type { Signer } from 'ethers';
import { Groth16VerifierAdapter__factory, Groth16Verifier__factory } from '../../generated/types';

export interface Groth16VerifierAddresses {
  /** The snarkjs-exported verifier of the beacon-mean circuit (libs/zk). */
  groth16Verifier: string;
  /** Groth16VerifierAdapter in front of it: the IVerifier a ZK beacon is bound to. */
  adapter: string;
}

/** Deploys the beacon-mean circuit's Groth16Verifier and its IVerifier adapter (nonces from one read). */
export async function deployGroth16Verifier(deployer: Signer): Promise<Groth16VerifierAddresses> {
  let nonce = await deployer.getNonce('pending');
  const verifier = await (await new Groth16Verifier__factory(deployer).deploy({ nonce: nonce++ })).waitForDeployment();
  const groth16Verifier = await verifier.getAddress();
  const adapter = await (await new Groth16VerifierAdapter__factory(deployer).deploy(groth16Verifier, { nonce: nonce++ })).waitForDeployment();
  return { groth16Verifier, adapter: await adapter.getAddress() };
}
