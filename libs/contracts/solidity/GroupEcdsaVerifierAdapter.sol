// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {Ecdsa} from "./libraries/Ecdsa.sol";

/// @notice EcdsaVerifierAdapter for a group beacon: SIZE values verified together, as one EIP-712
/// `GroupMeasurement(uint256[] measurements,uint256 nonce,uint256 deadline)` under the domain
/// ("PerpCityGroupBeacon", "1", chainId, this adapter). The same guarantees as the single-value
/// adapter: only BEACON consumes a nonce, a signature expires at its deadline, every value must lie
/// in [MIN_MEASUREMENT, MAX_MEASUREMENT]. The count is part of the signed struct (the array's hash),
/// so a signature over N values never verifies for a prefix or an extension of them.
contract GroupEcdsaVerifierAdapter {
    error InvalidSignature();
    error NonceAlreadyUsed();
    error MeasurementOutOfRange();
    error SignatureExpired();
    error NotBeacon();
    error ZeroAddress();
    error InvalidRange();
    error InvalidSize();
    /// @notice The array does not hold exactly SIZE values.
    error WrongMeasurementCount(uint256 expected, uint256 got);

    /// @notice Largest group: bounds the gas of one update (one SSTORE a value).
    uint256 public constant MAX_SIZE = 64;
    bytes32 public constant MEASUREMENT_TYPEHASH =
        keccak256("GroupMeasurement(uint256[] measurements,uint256 nonce,uint256 deadline)");
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant NAME_HASH = keccak256("PerpCityGroupBeacon");
    bytes32 private constant VERSION_HASH = keccak256("1");

    address public immutable BEACON;
    address public immutable SIGNER;
    /// @notice How many values every update carries.
    uint256 public immutable SIZE;
    uint256 public immutable MIN_MEASUREMENT;
    uint256 public immutable MAX_MEASUREMENT;
    uint256 private immutable CACHED_CHAIN_ID;
    bytes32 private immutable CACHED_DOMAIN_SEPARATOR;

    mapping(uint256 => bool) public nonceUsed;

    constructor(address beacon, address signer, uint256 size, uint256 minMeasurement, uint256 maxMeasurement) {
        if (beacon == address(0) || signer == address(0)) revert ZeroAddress();
        if (size == 0 || size > MAX_SIZE) revert InvalidSize();
        if (minMeasurement > maxMeasurement) revert InvalidRange();
        BEACON = beacon;
        SIGNER = signer;
        SIZE = size;
        MIN_MEASUREMENT = minMeasurement;
        MAX_MEASUREMENT = maxMeasurement;
        CACHED_CHAIN_ID = block.chainid;
        CACHED_DOMAIN_SEPARATOR = _buildDomainSeparator();
    }

    function domainSeparator() public view returns (bytes32) {
        return block.chainid == CACHED_CHAIN_ID ? CACHED_DOMAIN_SEPARATOR : _buildDomainSeparator();
    }

    /// @notice EIP-712: an array member is hashed as keccak256 of its packed elements.
    function digest(uint256[] calldata measurements, uint256 nonce, uint256 deadline) public view returns (bytes32) {
        bytes32 structHash =
            keccak256(abi.encode(MEASUREMENT_TYPEHASH, keccak256(abi.encodePacked(measurements)), nonce, deadline));
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), structHash));
    }

    /// @notice Reverts with a named error unless every value is acceptable; marks the nonce used.
    function verify(bytes calldata signature, uint256[] calldata measurements, uint256 nonce, uint256 deadline)
        external
        returns (bool)
    {
        if (msg.sender != BEACON) revert NotBeacon();
        if (measurements.length != SIZE) revert WrongMeasurementCount(SIZE, measurements.length);
        if (Ecdsa.recover(digest(measurements, nonce, deadline), signature) != SIGNER) revert InvalidSignature();
        if (block.timestamp > deadline) revert SignatureExpired();
        if (nonceUsed[nonce]) revert NonceAlreadyUsed();
        for (uint256 i = 0; i < measurements.length; ++i) {
            if (measurements[i] < MIN_MEASUREMENT || measurements[i] > MAX_MEASUREMENT) revert MeasurementOutOfRange();
        }
        nonceUsed[nonce] = true;
        return true;
    }

    function _buildDomainSeparator() private view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this)));
    }
}
