import { AbiCoder, TypedDataEncoder, type BigNumberish, type Signer, type TypedDataDomain } from 'ethers';

/** EIP-712 domain name and version of EcdsaVerifierAdapter; chainId and verifyingContract vary. */
export const MEASUREMENT_DOMAIN_NAME = 'PerpCityBeacon';
/** "2": the struct gained its deadline; a version-1 signature never verifies here. */
export const MEASUREMENT_DOMAIN_VERSION = '2';

/** `Measurement(uint256 measurement,uint256 nonce,uint256 deadline)` */
export const MEASUREMENT_TYPES = {
  Measurement: [
    { name: 'measurement', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
};

/** A signed measurement's fields; `deadline` is the last block timestamp (seconds) that accepts it. */
export interface Measurement {
  measurement: BigNumberish;
  nonce: BigNumberish;
  deadline: BigNumberish;
}

export function measurementDomain(adapterAddress: string, chainId: BigNumberish): TypedDataDomain {
  return { name: MEASUREMENT_DOMAIN_NAME, version: MEASUREMENT_DOMAIN_VERSION, chainId, verifyingContract: adapterAddress };
}

/** The digest the adapter's `digest(measurement, nonce, deadline)` returns, computed off-chain. */
export function measurementDigest(adapterAddress: string, chainId: BigNumberish, value: Measurement): string {
  return TypedDataEncoder.hash(measurementDomain(adapterAddress, chainId), MEASUREMENT_TYPES, { ...value });
}

/** Signs a measurement for an EcdsaVerifierAdapter; the result is EcdsaBeacon.updateIndex's `proof`. */
export function signMeasurement(wallet: Signer, adapterAddress: string, chainId: BigNumberish, value: Measurement): Promise<string> {
  return wallet.signTypedData(measurementDomain(adapterAddress, chainId), MEASUREMENT_TYPES, { ...value });
}

/** EcdsaBeacon.updateIndex's `inputs`: abi.encode(uint256 measurement, uint256 nonce, uint256 deadline). */
export function encodeEcdsaInputs(value: Measurement): string {
  return AbiCoder.defaultAbiCoder().encode(['uint256', 'uint256', 'uint256'], [value.measurement, value.nonce, value.deadline]);
}
