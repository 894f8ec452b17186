// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {Beacon} from "./Beacon.sol";
import {BeaconRegistry} from "./BeaconRegistry.sol";
import {IVerifier} from "./interfaces/IVerifier.sol";

/// @notice Creates ZK beacons bound to one verifier, optionally registering them in one call.
/// Beacons are EIP-1167 clones of one Beacon instance (~100k gas each instead of ~550k), so a
/// batch of 100 create+register calls fits in one transaction.
/// createAndRegisterBeacon is permissionless on purpose: batches arrive through Multicall3, where
/// msg.sender is the multicall, so a caller check here would protect nothing. What keeps the
/// registry trustworthy is that every beacon made here is bound to this factory's verifier forever.
contract BeaconFactory {
    error CloneFailed();

    event BeaconCreated(address beacon);

    IVerifier public immutable verifier;
    BeaconRegistry public immutable registry;
    /// @notice The instance every beacon delegates to; owned by this factory, never registered.
    Beacon public immutable implementation;

    constructor(IVerifier verifier_, BeaconRegistry registry_) {
        verifier = verifier_;
        registry = registry_;
        implementation = new Beacon(verifier_, address(this), 0);
    }

    function createBeacon(address owner) public returns (address beacon) {
        beacon = _clone(address(implementation));
        // Same transaction as the clone's creation: nobody can initialise it first.
        Beacon(beacon).initialize(owner, 0);
        emit BeaconCreated(beacon);
    }

    /// @notice Reverts (creating nothing) unless this factory is a registrar of the registry.
    function createAndRegisterBeacon(address owner) external returns (address beacon) {
        beacon = createBeacon(owner);
        registry.registerBeacon(beacon);
    }

    /// @dev EIP-1167 minimal proxy: 10 bytes of init code that return the 45-byte runtime
    /// `363d3d373d3d3d363d73 <implementation> 5af43d82803e903d91602b57fd5bf3` (delegate everything).
    function _clone(address target) private returns (address instance) {
        bytes memory code =
            abi.encodePacked(hex"3d602d80600a3d3981f3363d3d373d3d3d363d73", target, hex"5af43d82803e903d91602b57fd5bf3");
        assembly ("memory-safe") {
            instance := create(0, add(code, 0x20), mload(code))
        }
        if (instance == address(0)) revert CloneFailed();
    }
}
