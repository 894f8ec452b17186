// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.28;

/// @notice Test fixture: poses as an ECDSA beacon by naming a real beacon's adapter, and accepts
/// any update without verifying it, so the signature it is sent stays unspent and could be replayed
/// on the real beacon. The service must refuse to sign for it. Never deploy outside tests.
contract FakeEcdsaBeacon {
    event IndexUpdated(uint256 index);

    address public immutable verifierAdapter;

    constructor(address adapter) {
        verifierAdapter = adapter;
    }

    function updateIndex(bytes calldata, bytes calldata inputs) external {
        emit IndexUpdated(abi.decode(inputs, (uint256)));
    }
}
