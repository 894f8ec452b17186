import { AbiCoder, concat, id, keccak256, TypedDataEncoder, type BigNumberish, type Signer, type SigningKey, type TypedDataDomain } from 'ethers';

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

const MEASUREMENT_TYPEHASH = id('Measurement(uint256 measurement,uint256 nonce,uint256 deadline)');
/** Domain separators by chain and adapter: the same few for the life of a process (bounded all the same). */
const domainSeparators = new Map<string, string>();
const MAX_DOMAIN_SEPARATORS = 10_000;

function domainSeparator(adapterAddress: string, chainId: BigNumberish): string {
  const key = `${chainId}:${adapterAddress.toLowerCase()}`;
  let separator = domainSeparators.get(key);
  if (separator === undefined) {
    separator = TypedDataEncoder.hashDomain(measurementDomain(adapterAddress, chainId));
    if (domainSeparators.size >= MAX_DOMAIN_SEPARATORS) domainSeparators.clear();
    domainSeparators.set(key, separator);
  }
  return separator;
}

/**
 * The digest the adapter's `digest(measurement, nonce, deadline)` returns, computed off-chain:
 * keccak256(0x1901 ‖ domainSeparator ‖ keccak256(abi.encode(TYPEHASH, measurement, nonce, deadline))),
 * EIP-712 for a struct of three uint256, with the domain separator computed once per adapter
 * (ethers' generic encoder re-derived the types and the domain on every call: half the CPU of a signature).
 */
export function measurementDigest(adapterAddress: string, chainId: BigNumberish, value: Measurement): string {
  const structHash = keccak256(
    AbiCoder.defaultAbiCoder().encode(['bytes32', 'uint256', 'uint256', 'uint256'], [MEASUREMENT_TYPEHASH, value.measurement, value.nonce, value.deadline]),
  );
  return keccak256(concat(['0x1901', domainSeparator(adapterAddress, chainId), structHash]));
}

/**
 * EcdsaBeacon.updateIndex's `proof` for a digest from measurementDigest: the same bytes as
 * signMeasurement (RFC 6979 signatures are deterministic), without hashing the typed data again.
 */
export function signMeasurementDigest(key: SigningKey, digest: string): string {
  return key.sign(digest).serialized;
}

/** Signs a measurement for an EcdsaVerifierAdapter; the result is EcdsaBeacon.updateIndex's `proof`. */
export function signMeasurement(wallet: Signer, adapterAddress: string, chainId: BigNumberish, value: Measurement): Promise<string> {
  return wallet.signTypedData(measurementDomain(adapterAddress, chainId), MEASUREMENT_TYPES, { ...value });
}

/** EcdsaBeacon.updateIndex's `inputs`: abi.encode(uint256 measurement, uint256 nonce, uint256 deadline). */
export function encodeEcdsaInputs(value: Measurement): string {
  return AbiCoder.defaultAbiCoder().encode(['uint256', 'uint256', 'uint256'], [value.measurement, value.nonce, value.deadline]);
}

// The deployed adapter interface (IDeployedEcdsaVerifierAdapter): its domain and typehash are its
// own, read from the chain (EIP-5267 eip712Domain() and MEASUREMENT_TYPEHASH()); no deadline.

/** `fields` of a domain of exactly (name, version, chainId, verifyingContract), as OpenZeppelin's EIP712 reports it. */
export const EIP5267_NAME_VERSION_CHAIN_CONTRACT = '0x0f';

/** A measurement of the deployed adapter: the value and the nonce it has not seen yet; nothing else is signed. */
export interface DeployedMeasurement {
  measurement: BigNumberish;
  nonce: BigNumberish;
}

/**
 * keccak256(0x1901 ‖ domainSeparator(name, version, chainId, verifyingContract) ‖
 * keccak256(abi.encode(typehash, measurement, nonce))): the digest of a deployed-interface adapter,
 * computed here from its domain's fields, so that the domain separator provably names that chain and
 * that contract (a separator read from the contract could name any other).
 */
export function deployedMeasurementDigest(
  domain: { name: string; version: string; chainId: BigNumberish; verifyingContract: string },
  typehash: string,
  value: DeployedMeasurement,
): string {
  const separator = TypedDataEncoder.hashDomain({
    name: domain.name,
    version: domain.version,
    chainId: domain.chainId,
    verifyingContract: domain.verifyingContract,
  });
  const structHash = keccak256(AbiCoder.defaultAbiCoder().encode(['bytes32', 'uint256', 'uint256'], [typehash, value.measurement, value.nonce]));
  return keccak256(concat(['0x1901', separator, structHash]));
}

/** The deployed beacon's updateIndex `inputs`: abi.encode(uint256 measurement, uint256 nonce). */
export function encodeDeployedEcdsaInputs(value: DeployedMeasurement): string {
  return AbiCoder.defaultAbiCoder().encode(['uint256', 'uint256'], [value.measurement, value.nonce]);
}

// The operators' newer verifier (IEcdsaVerifier, behind their modular and group beacons): the
// measurement is an array, hashed as EIP-712 hashes an array member; no deadline; nonces increase.

/** A measurement of an IEcdsaVerifier: the values (one for a standalone beacon) and a nonce above its last. */
export interface ArrayMeasurement {
  measurement: BigNumberish[];
  nonce: BigNumberish;
}

/**
 * keccak256(0x1901 ‖ domainSeparator(name, version, chainId, verifyingContract) ‖
 * keccak256(abi.encode(typehash, keccak256(abi.encodePacked(measurement)), nonce))): what an
 * IEcdsaVerifier's digest(measurement, nonce) returns, from its domain's fields (as for the deployed adapter).
 */
export function arrayMeasurementDigest(
  domain: { name: string; version: string; chainId: BigNumberish; verifyingContract: string },
  typehash: string,
  value: ArrayMeasurement,
): string {
  const separator = TypedDataEncoder.hashDomain({
    name: domain.name,
    version: domain.version,
    chainId: domain.chainId,
    verifyingContract: domain.verifyingContract,
  });
  const valuesHash = keccak256(
    AbiCoder.defaultAbiCoder().encode(
      value.measurement.map(() => 'uint256'),
      value.measurement,
    ),
  );
  const structHash = keccak256(AbiCoder.defaultAbiCoder().encode(['bytes32', 'bytes32', 'uint256'], [typehash, valuesHash, value.nonce]));
  return keccak256(concat(['0x1901', separator, structHash]));
}

/** An IEcdsaVerifier beacon's update `inputs`: abi.encode(uint256[] measurement, uint256 nonce). */
export function encodeArrayMeasurementInputs(value: ArrayMeasurement): string {
  return AbiCoder.defaultAbiCoder().encode(['uint256[]', 'uint256'], [value.measurement, value.nonce]);
}
