import { AbiCoder, concat, id, keccak256, solidityPacked, TypedDataEncoder, type BigNumberish, type Signer, type TypedDataDomain } from 'ethers';

/** EIP-712 domain name and version of GroupEcdsaVerifierAdapter; chainId and verifyingContract vary. */
export const GROUP_MEASUREMENT_DOMAIN_NAME = 'PerpCityGroupBeacon';
export const GROUP_MEASUREMENT_DOMAIN_VERSION = '1';
/** GroupEcdsaVerifierAdapter.MAX_SIZE: the most values a group beacon holds. */
export const GROUP_BEACON_MAX_SIZE = 64;

/** `GroupMeasurement(uint256[] measurements,uint256 nonce,uint256 deadline)` */
export const GROUP_MEASUREMENT_TYPES = {
  GroupMeasurement: [
    { name: 'measurements', type: 'uint256[]' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
};

/** A signed group measurement: every value of the group, in order, under one nonce and deadline. */
export interface GroupMeasurement {
  measurements: BigNumberish[];
  nonce: BigNumberish;
  deadline: BigNumberish;
}

export function groupMeasurementDomain(adapterAddress: string, chainId: BigNumberish): TypedDataDomain {
  return { name: GROUP_MEASUREMENT_DOMAIN_NAME, version: GROUP_MEASUREMENT_DOMAIN_VERSION, chainId, verifyingContract: adapterAddress };
}

const GROUP_MEASUREMENT_TYPEHASH = id('GroupMeasurement(uint256[] measurements,uint256 nonce,uint256 deadline)');

/**
 * What GroupEcdsaVerifierAdapter.digest(measurements, nonce, deadline) returns, computed off-chain:
 * the array member is keccak256 of its packed 32-byte elements (EIP-712 encodeData of an array).
 */
export function groupMeasurementDigest(adapterAddress: string, chainId: BigNumberish, value: GroupMeasurement): string {
  const valuesHash = keccak256(
    solidityPacked(
      value.measurements.map(() => 'uint256'),
      value.measurements,
    ),
  );
  const structHash = keccak256(
    AbiCoder.defaultAbiCoder().encode(['bytes32', 'bytes32', 'uint256', 'uint256'], [GROUP_MEASUREMENT_TYPEHASH, valuesHash, value.nonce, value.deadline]),
  );
  return keccak256(concat(['0x1901', TypedDataEncoder.hashDomain(groupMeasurementDomain(adapterAddress, chainId)), structHash]));
}

/** Signs a group measurement with ethers' generic EIP-712 encoder (the tests' independent reference). */
export function signGroupMeasurement(wallet: Signer, adapterAddress: string, chainId: BigNumberish, value: GroupMeasurement): Promise<string> {
  return wallet.signTypedData(groupMeasurementDomain(adapterAddress, chainId), GROUP_MEASUREMENT_TYPES, { ...value });
}

/** GroupEcdsaBeacon.updateIndex's `inputs`: abi.encode(uint256[] measurements, uint256 nonce, uint256 deadline). */
export function encodeGroupEcdsaInputs(value: GroupMeasurement): string {
  return AbiCoder.defaultAbiCoder().encode(['uint256[]', 'uint256', 'uint256'], [value.measurements, value.nonce, value.deadline]);
}
