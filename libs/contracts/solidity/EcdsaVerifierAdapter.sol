// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {Ecdsa} from "./libraries/Ecdsa.sol";

/// @notice Accepts a measurement when SIGNER signed it as EIP-712 `Measurement(uint256 measurement,
/// uint256 nonce)` under the domain ("PerpCityBeacon", "1", chainId, this adapter), the nonce is
/// fresh and the value is inside [MIN_MEASUREMENT, MAX_MEASUREMENT].
/// Only the bound beacon may call verify: it consumes the nonce, and because the beacon calls it
/// inside its own update, the nonce is spent exactly when the update lands (a revert undoes both).
/// If anyone could call verify, a front-runner could burn a signed nonce and block the update.
contract EcdsaVerifierAdapter {
    error InvalidSignature();
    error NonceAlreadyUsed();
    error MeasurementOutOfRange();
    error NotBeacon();
    error NotDeployer();
    error AlreadyBound();
    error ZeroAddress();
    error InvalidRange();

    event BeaconBound(address beacon);

    bytes32 public constant MEASUREMENT_TYPEHASH = keccak256("Measurement(uint256 measurement,uint256 nonce)");
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant NAME_HASH = keccak256("PerpCityBeacon");
    bytes32 private constant VERSION_HASH = keccak256("1");

    address public immutable SIGNER;
    uint256 public immutable MIN_MEASUREMENT;
    uint256 public immutable MAX_MEASUREMENT;
    /// @dev The only account allowed to bind the beacon (the beacon is deployed after the adapter).
    address private immutable DEPLOYER;
    uint256 private immutable CACHED_CHAIN_ID;
    bytes32 private immutable CACHED_DOMAIN_SEPARATOR;

    address public beacon;
    mapping(uint256 => bool) public nonceUsed;

    constructor(address signer, uint256 minMeasurement, uint256 maxMeasurement) {
        if (signer == address(0)) revert ZeroAddress();
        if (minMeasurement > maxMeasurement) revert InvalidRange();
        SIGNER = signer;
        MIN_MEASUREMENT = minMeasurement;
        MAX_MEASUREMENT = maxMeasurement;
        DEPLOYER = msg.sender;
        CACHED_CHAIN_ID = block.chainid;
        CACHED_DOMAIN_SEPARATOR = _buildDomainSeparator();
    }

    /// @notice One-time link to the beacon allowed to call verify.
    function bindBeacon(address beacon_) external {
        if (msg.sender != DEPLOYER) revert NotDeployer();
        if (beacon != address(0)) revert AlreadyBound();
        if (beacon_ == address(0)) revert ZeroAddress();
        beacon = beacon_;
        emit BeaconBound(beacon_);
    }

    function domainSeparator() public view returns (bytes32) {
        // Recomputed after a chain split so signatures for one chain never verify on the other.
        return block.chainid == CACHED_CHAIN_ID ? CACHED_DOMAIN_SEPARATOR : _buildDomainSeparator();
    }

    function digest(uint256 measurement, uint256 nonce) public view returns (bytes32) {
        bytes32 structHash = keccak256(abi.encode(MEASUREMENT_TYPEHASH, measurement, nonce));
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), structHash));
    }

    /// @notice Reverts with a named error unless the measurement is acceptable; marks the nonce used.
    function verify(bytes calldata signature, uint256 measurement, uint256 nonce) external returns (bool) {
        if (msg.sender != beacon) revert NotBeacon();
        if (Ecdsa.recover(digest(measurement, nonce), signature) != SIGNER) revert InvalidSignature();
        if (nonceUsed[nonce]) revert NonceAlreadyUsed();
        if (measurement < MIN_MEASUREMENT || measurement > MAX_MEASUREMENT) revert MeasurementOutOfRange();
        nonceUsed[nonce] = true;
        return true;
    }

    function _buildDomainSeparator() private view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this)));
    }
}
