// Test-only entry (`@perp/contracts/testing`): fixtures that must never back a real beacon.
import { concat, getBytes, hexlify, keccak256, toBeHex, toUtf8Bytes, zeroPadValue } from 'ethers';
import { decodePublicSignals } from './lib/public-signals';

export { FailingBeaconFactory__factory, TestVerifier__factory } from '../generated/test-types';
export type { FailingBeaconFactory, TestVerifier } from '../generated/test-types';

/** A proof TestVerifier accepts for these publicSignals: keccak256(abi.encodePacked("valid", signals)). */
export function makeTestProof(publicSignals: string): string {
  const packed = concat([toUtf8Bytes('valid'), ...decodePublicSignals(publicSignals).map((v) => zeroPadValue(toBeHex(v), 32))]);
  return keccak256(packed);
}

/** A proof TestVerifier rejects: the valid one with its last byte flipped. */
export function makeInvalidTestProof(publicSignals: string): string {
  const bytes = getBytes(makeTestProof(publicSignals));
  bytes[bytes.length - 1] ^= 0xff;
  return hexlify(bytes);
}

export { deployDevSystem } from './lib/testing/deploy-dev-system';
export type { DevSystemAddresses, DevSystemOptions } from './lib/testing/deploy-dev-system';
