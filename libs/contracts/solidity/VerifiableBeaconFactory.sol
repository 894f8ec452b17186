// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {IVerifier} from "./interfaces/IVerifier.sol";
import {VerifiableBeacon} from "./VerifiableBeacon.sol";

/// @notice Creates TWAP beacons with a caller-chosen verifier; the caller becomes the beacon's
/// owner (the one allowed to grow its observation ring).
contract VerifiableBeaconFactory {
    event BeaconCreated(address beacon);

    function createBeacon(address verifier, uint256 initialData, uint32 initialCardinalityNext)
        external
        returns (address beacon)
    {
        beacon = address(new VerifiableBeacon(IVerifier(verifier), msg.sender, initialData, initialCardinalityNext));
        emit BeaconCreated(beacon);
    }
}
