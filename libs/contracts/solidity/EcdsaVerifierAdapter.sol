// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {Ecdsa} from "./libraries/Ecdsa.sol";

/// @notice Accepts a measurement when SIGNER signed it as EIP-712 `Measurement(uint256 measurement,
/// uint256 nonce,uint256 deadline)` under the domain ("PerpCityBeacon", "2", chainId, this adapter),
/// the deadline has not passed, the nonce is fresh and the value is inside [MIN_MEASUREMENT, MAX_MEASUREMENT].
/// BEACON is fixed at construction and is the only caller of verify: it consumes the nonce inside its
/// own update, so the nonce is spent exactly when the update lands (a revert undoes both), and an
/// off-chain signer can ask BEACON() whether the beacon it is about to sign for is the one this
/// adapter serves. The deadline makes a captured signature worthless after a short while.
contract EcdsaVerifierAdapter {
    error InvalidSignature();
    error NonceAlreadyUsed();
    error MeasurementOutOfRange();
    error SignatureExpired();
    error NotBeacon();
    error ZeroAddress();
    error InvalidRange();

    bytes32 public constant MEASUREMENT_TYPEHASH = keccak256("Measurement(uint256 measurement,uint256 nonce,uint256 deadline)");
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant NAME_HASH = keccak256("PerpCityBeacon");
    bytes32 private constant VERSION_HASH = keccak256("2");

    /// @notice The one beacon whose updates this adapter verifies.
    address public immutable BEACON;
    address public immutable SIGNER;
    uint256 public immutable MIN_MEASUREMENT;
    uint256 public immutable MAX_MEASUREMENT;
    uint256 private immutable CACHED_CHAIN_ID;
    bytes32 private immutable CACHED_DOMAIN_SEPARATOR;

    mapping(uint256 => bool) public nonceUsed;

    constructor(address beacon, address signer, uint256 minMeasurement, uint256 maxMeasurement) {
        if (beacon == address(0) || signer == address(0)) revert ZeroAddress();
        if (minMeasurement > maxMeasurement) revert InvalidRange();
        BEACON = beacon;
        SIGNER = signer;
        MIN_MEASUREMENT = minMeasurement;
        MAX_MEASUREMENT = maxMeasurement;
        CACHED_CHAIN_ID = block.chainid;
        CACHED_DOMAIN_SEPARATOR = _buildDomainSeparator();
    }

    function domainSeparator() public view returns (bytes32) {
        // Recomputed after a chain split so signatures for one chain never verify on the other.
        return block.chainid == CACHED_CHAIN_ID ? CACHED_DOMAIN_SEPARATOR : _buildDomainSeparator();
    }

    function digest(uint256 measurement, uint256 nonce, uint256 deadline) public view returns (bytes32) {
        bytes32 structHash = keccak256(abi.encode(MEASUREMENT_TYPEHASH, measurement, nonce, deadline));
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), structHash));
    }

    /// @notice Reverts with a named error unless the measurement is acceptable; marks the nonce used.
    /// @param deadline last block timestamp (inclusive) at which the signature is accepted.
    function verify(bytes calldata signature, uint256 measurement, uint256 nonce, uint256 deadline) external returns (bool) {
        if (msg.sender != BEACON) revert NotBeacon();
        if (Ecdsa.recover(digest(measurement, nonce, deadline), signature) != SIGNER) revert InvalidSignature();
        if (block.timestamp > deadline) revert SignatureExpired();
        if (nonceUsed[nonce]) revert NonceAlreadyUsed();
        if (measurement < MIN_MEASUREMENT || measurement > MAX_MEASUREMENT) revert MeasurementOutOfRange();
        nonceUsed[nonce] = true;
        return true;
    }

    function _buildDomainSeparator() private view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this)));
    }
}
