import { AbiCoder, TypedDataEncoder, type BigNumberish, type Signer, type TypedDataDomain } from 'ethers';

/** EIP-712 domain name and version of EcdsaVerifierAdapter; chainId and verifyingContract vary. */
export const MEASUREMENT_DOMAIN_NAME = 'PerpCityBeacon';
export const MEASUREMENT_DOMAIN_VERSION = '1';

/** `Measurement(uint256 measurement,uint256 nonce)` */
export const MEASUREMENT_TYPES = {
  Measurement: [
    { name: 'measurement', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
  ],
};

export function measurementDomain(adapterAddress: string, chainId: BigNumberish): TypedDataDomain {
  return { name: MEASUREMENT_DOMAIN_NAME, version: MEASUREMENT_DOMAIN_VERSION, chainId, verifyingContract: adapterAddress };
}

/** The digest the adapter's `digest(measurement, nonce)` returns, computed off-chain. */
export function measurementDigest(adapterAddress: string, chainId: BigNumberish, measurement: BigNumberish, nonce: BigNumberish): string {
  return TypedDataEncoder.hash(measurementDomain(adapterAddress, chainId), MEASUREMENT_TYPES, { measurement, nonce });
}

/** Signs a measurement for an EcdsaVerifierAdapter; the result is EcdsaBeacon.updateIndex's `proof`. */
export function signMeasurement(
  wallet: Signer,
  adapterAddress: string,
  chainId: BigNumberish,
  measurement: BigNumberish,
  nonce: BigNumberish,
): Promise<string> {
  return wallet.signTypedData(measurementDomain(adapterAddress, chainId), MEASUREMENT_TYPES, { measurement, nonce });
}

/** EcdsaBeacon.updateIndex's `inputs`: abi.encode(uint256 measurement, uint256 nonce). */
export function encodeEcdsaInputs(measurement: BigNumberish, nonce: BigNumberish): string {
  return AbiCoder.defaultAbiCoder().encode(['uint256', 'uint256'], [measurement, nonce]);
}
