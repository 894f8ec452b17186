import { DecodedContractError, isProofRejection, ProofRejectionError } from '@perp/contracts';
import { fail, OperationError } from '../errors/operation-error';

/** Why each rejection means "regenerate the proof", in words a client can act on. */
const PROOF_REJECTIONS: Record<ProofRejectionError, string> = {
  InvalidProof: 'the verifier rejected the proof',
  ProofAlreadyUsed: 'these public signals were already proven on this beacon (replayed proof; prove again with a new nonce)',
  InvalidPublicSignals: 'public_signals must be abi.encode(uint256[]) holding at least the new value',
  InvalidSignature: "the signature does not recover to the adapter's signer",
  NonceAlreadyUsed: 'the measurement nonce was already used (replayed proof)',
  SignatureExpired: 'the signature passed its deadline before it was mined (sign again)',
  MeasurementOutOfRange: "the measurement is outside the adapter's accepted range",
  InvalidInputs:
    'inputs must be abi.encode(uint256 measurement, uint256 nonce, uint256 deadline) (a group beacon: abi.encode(uint256[] measurements, uint256 nonce, uint256 deadline))',
  WrongMeasurementCount: "the group beacon takes exactly its number of values in one update (the error's arguments: expected, got)",
  VerificationFailed: 'the verifier adapter rejected the measurement',
  InvalidSigner: "the signature does not recover to the adapter's signer",
  ProofReplay: 'this signature was already used on this adapter (replayed proof)',
};

/** "InvalidProof", "Error(\"...\")", "Panic(17)" or an undecoded selector: how a revert is named in messages. */
export function revertName(decoded: DecodedContractError | undefined, raw?: string): string {
  if (!decoded) return raw && raw.length >= 10 ? `unknown error ${raw.slice(0, 10)}` : 'no reason given';
  if (decoded.name === 'Error' || decoded.name === 'Panic') return `${decoded.name}(${decoded.args.map((a) => JSON.stringify(String(a))).join(', ')})`;
  return decoded.name;
}

/** The message of a revert: "Invalid proof: ..." for a proof rejection, else "Transaction would revert: <name>". */
export function revertMessage(decoded: DecodedContractError | undefined, raw?: string, detail?: string): string {
  if (decoded && isProofRejection(decoded.name)) {
    return `Invalid proof: ${PROOF_REJECTIONS[decoded.name]}${detail ? ` ${detail}` : ''} (${decoded.name})`;
  }
  return `Transaction would revert: ${revertName(decoded, raw)}${detail ? ` (${detail})` : ''}`;
}

/** A simulated revert as the API error: 422 for proofs and for any other revert (nothing was sent). */
export function revertError(decoded: DecodedContractError | undefined, raw?: string, detail?: string): OperationError {
  return fail('would_revert', revertMessage(decoded, raw, detail));
}

export function beaconNotFound(address: string): OperationError {
  return fail('beacon_not_found', `Beacon not found: no contract at ${address}`);
}
