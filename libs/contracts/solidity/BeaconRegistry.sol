// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

/// @notice The protocol's list of beacons it trusts. The owner decides who may add to it and remove
/// from it: itself and authorised registrars (e.g. the BeaconFactory, so create+register is one call).
contract BeaconRegistry {
    error NotOwner();
    error NotAuthorised();
    error ZeroAddress();
    error NotAContract();

    event BeaconRegistered(address indexed beacon, address indexed registrar);
    event BeaconUnregistered(address indexed beacon, address indexed registrar);
    event RegistrarSet(address indexed registrar, bool authorised);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    address public owner;
    mapping(address => bool) public beacons;
    mapping(address => bool) public registrars;

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    constructor(address owner_) {
        if (owner_ == address(0)) revert ZeroAddress();
        owner = owner_;
        emit OwnershipTransferred(address(0), owner_);
    }

    /// @notice Idempotent: registering a registered beacon is a silent no-op (no event), so a
    /// retried transaction never fails; callers that need to tell the cases apart read beacons().
    function registerBeacon(address beacon) external {
        if (msg.sender != owner && !registrars[msg.sender]) revert NotAuthorised();
        if (beacon.code.length == 0) revert NotAContract();
        if (beacons[beacon]) return;
        beacons[beacon] = true;
        emit BeaconRegistered(beacon, msg.sender);
    }

    /// @notice The wind-down half of registerBeacon, for the same callers. Idempotent: removing a
    /// beacon that is not registered is a silent no-op (no event). No code check: a beacon is
    /// removed by its address whatever it holds now.
    function unregisterBeacon(address beacon) external {
        if (msg.sender != owner && !registrars[msg.sender]) revert NotAuthorised();
        if (!beacons[beacon]) return;
        beacons[beacon] = false;
        emit BeaconUnregistered(beacon, msg.sender);
    }

    function setRegistrar(address registrar, bool authorised) external onlyOwner {
        if (registrar == address(0)) revert ZeroAddress();
        registrars[registrar] = authorised;
        emit RegistrarSet(registrar, authorised);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner == address(0)) revert ZeroAddress();
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }
}
