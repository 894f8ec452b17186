// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {BeaconRegistry} from "./BeaconRegistry.sol";
import {GroupEcdsaBeacon} from "./GroupEcdsaBeacon.sol";

/// @notice Creates group ECDSA beacons (each with its own bound adapter), optionally registering
/// them in one call. Permissionless like BeaconFactory: every beacon made here is bound to its own
/// adapter, so registering one trusts nothing but the signer it names.
contract GroupEcdsaBeaconFactory {
    event BeaconCreated(address beacon);

    BeaconRegistry public immutable registry;

    constructor(BeaconRegistry registry_) {
        registry = registry_;
    }

    /// @notice Reverts InvalidSize, InvalidRange or ZeroAddress (from the adapter) on bad parameters.
    function createBeacon(address signer, uint256 size, uint256 minMeasurement, uint256 maxMeasurement)
        public
        returns (address beacon)
    {
        beacon = address(new GroupEcdsaBeacon(signer, size, minMeasurement, maxMeasurement));
        emit BeaconCreated(beacon);
    }

    /// @notice Reverts (creating nothing) unless this factory is a registrar of the registry.
    function createAndRegisterBeacon(address signer, uint256 size, uint256 minMeasurement, uint256 maxMeasurement)
        external
        returns (address beacon)
    {
        beacon = createBeacon(signer, size, minMeasurement, maxMeasurement);
        registry.registerBeacon(beacon);
    }
}
