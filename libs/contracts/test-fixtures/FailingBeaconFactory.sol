// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.28;

import {BeaconFactory} from "../solidity/BeaconFactory.sol";

/// @notice Test fixture: a BeaconFactory front whose `failAt`-th createAndRegisterBeacon call
/// within one transaction reverts (the count lives in transient storage, so every transaction,
/// simulated or mined, fails at the same call). Lets a test make exactly one creation of a
/// batch fail. Never deploy outside tests.
contract FailingBeaconFactory {
    error CreationFailed(uint256 call);

    BeaconFactory public immutable inner;
    uint256 public immutable failAt;
    uint256 private transient calls;

    constructor(BeaconFactory inner_, uint256 failAt_) {
        inner = inner_;
        failAt = failAt_;
    }

    function createBeacon(address owner) external returns (address) {
        return inner.createBeacon(owner);
    }

    function createAndRegisterBeacon(address owner) external returns (address) {
        calls += 1;
        if (calls == failAt) revert CreationFailed(calls);
        return inner.createAndRegisterBeacon(owner);
    }

    function registry() external view returns (address) {
        return address(inner.registry());
    }
}
