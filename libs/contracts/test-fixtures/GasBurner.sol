// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.28;

/// @notice Test fixture: answers every call successfully after burning about `burn` gas, so a
/// simulation succeeds and only the gas estimate shows the cost. Stands for a contract a caller
/// passes as a beacon to make the service's pool pay. Never deploy outside tests.
contract GasBurner {
    uint256 public immutable burn;

    constructor(uint256 burn_) {
        burn = burn_;
    }

    fallback() external payable {
        uint256 stopAt = gasleft() - burn;
        // Runs out of gas (reverts) unless the caller gave at least `burn`: the estimate is the cost.
        while (gasleft() > stopAt) {}
    }
}
