import { ErrorFragment, Interface, type InterfaceAbi } from 'ethers';
import {
  BatchUpdater__factory,
  BeaconFactory__factory,
  BeaconRegistry__factory,
  Beacon__factory,
  EcdsaBeacon__factory,
  EcdsaVerifierAdapter__factory,
  GroupEcdsaBeacon__factory,
  GroupEcdsaBeaconFactory__factory,
  GroupEcdsaVerifierAdapter__factory,
  IDeployedEcdsaVerifierAdapter__factory,
  Multicall3__factory,
  VerifiableBeaconFactory__factory,
  VerifiableBeacon__factory,
} from '../../generated/types';

/**
 * Every custom error of every contract in one interface. A revert surfaces at the outermost
 * contract (an adapter's NonceAlreadyUsed comes out of EcdsaBeacon.updateIndex, a Beacon
 * constructor's error out of BeaconFactory), so decoding must not depend on which ABI was called.
 */
const ALL_ABIS: InterfaceAbi[] = [
  BatchUpdater__factory.abi,
  Beacon__factory.abi,
  BeaconFactory__factory.abi,
  BeaconRegistry__factory.abi,
  EcdsaBeacon__factory.abi,
  EcdsaVerifierAdapter__factory.abi,
  GroupEcdsaBeacon__factory.abi,
  GroupEcdsaBeaconFactory__factory.abi,
  GroupEcdsaVerifierAdapter__factory.abi,
  IDeployedEcdsaVerifierAdapter__factory.abi,
  Multicall3__factory.abi,
  VerifiableBeacon__factory.abi,
  VerifiableBeaconFactory__factory.abi,
];

function collectErrors(): Interface {
  const bySignature = new Map<string, ErrorFragment>();
  for (const abi of ALL_ABIS) {
    new Interface(abi).forEachError((fragment) => bySignature.set(fragment.format('sighash'), fragment));
  }
  return new Interface([...bySignature.values()]);
}

export const contractErrorsInterface = collectErrors();

/**
 * Rejections that mean "the caller's proof or inputs are wrong" (the service's 422), as opposed
 * to configuration or access errors.
 */
export const PROOF_REJECTION_ERRORS = [
  'InvalidProof',
  'ProofAlreadyUsed',
  'InvalidPublicSignals',
  'InvalidSignature',
  'NonceAlreadyUsed',
  'SignatureExpired',
  'MeasurementOutOfRange',
  'InvalidInputs',
  'VerificationFailed',
  // A group beacon's: the array does not hold exactly its number of values.
  'WrongMeasurementCount',
  // The deployed adapter interface's.
  'InvalidSigner',
  'ProofReplay',
] as const;

export type ProofRejectionError = (typeof PROOF_REJECTION_ERRORS)[number];

export function isProofRejection(name: string | undefined): name is ProofRejectionError {
  return (PROOF_REJECTION_ERRORS as readonly string[]).includes(name ?? '');
}

export interface DecodedContractError {
  /** Custom error name, or `Error` (require/revert string) / `Panic` (assert, overflow...). */
  name: string;
  args: unknown[];
  signature: string;
  selector: string;
}

/** Names a revert payload; undefined when empty or unknown (e.g. a foreign contract's error). */
export function decodeContractError(revertData: string | null | undefined): DecodedContractError | undefined {
  if (!revertData || revertData.length < 10) return undefined;
  const parsed = contractErrorsInterface.parseError(revertData);
  if (!parsed) return undefined;
  return { name: parsed.name, args: [...parsed.args], signature: parsed.signature, selector: parsed.selector };
}

/**
 * Finds the revert payload in whatever ethers or the node threw: ethers puts it on `data` of a
 * CALL_EXCEPTION, JSON-RPC nodes nest it under `error`/`info.error`. Only eth_call/eth_estimateGas
 * failures carry it; a mined transaction's receipt does not, so simulate before sending.
 */
export function revertDataOf(error: unknown, depth = 0): string | undefined {
  if (depth > 5 || error === null || typeof error !== 'object') return undefined;
  const record = error as Record<string, unknown>;
  const data = record['data'];
  if (typeof data === 'string' && /^0x[0-9a-fA-F]*$/.test(data) && data.length >= 10) return data;
  for (const key of ['data', 'error', 'info', 'cause']) {
    const found = revertDataOf(record[key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** decodeContractError(revertDataOf(error)). */
export function contractErrorOf(error: unknown): DecodedContractError | undefined {
  return decodeContractError(revertDataOf(error));
}
