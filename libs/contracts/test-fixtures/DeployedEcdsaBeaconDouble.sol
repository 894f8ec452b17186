// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.28;

import {IDeployedEcdsaBeacon} from "../solidity/interfaces/IDeployedEcdsaBeacon.sol";
import {IDeployedEcdsaVerifierAdapter} from "../solidity/interfaces/IDeployedEcdsaVerifierAdapter.sol";

/// @notice Test double of the deployed Perp City ECDSA beacon (its public interface): the adapter's
/// `verify(proof, inputs)` returns the measurement, which becomes the index; the owner may repoint
/// the beacon at another adapter. Never deploy outside tests and the dev chain.
contract DeployedEcdsaBeaconDouble is IDeployedEcdsaBeacon {
    error NotOwner();

    address public immutable owner;
    address public override verifierAdapter;
    uint256 public override index;

    constructor(address adapter) {
        owner = msg.sender;
        verifierAdapter = adapter;
    }

    function updateIndex(bytes calldata proof, bytes calldata inputs) external override {
        uint256 measurement = IDeployedEcdsaVerifierAdapter(verifierAdapter).verify(proof, inputs);
        index = measurement;
        emit IndexUpdated(measurement);
    }

    function setVerifierAdapter(address newVerifierAdapter) external override {
        if (msg.sender != owner) revert NotOwner();
        verifierAdapter = newVerifierAdapter;
    }
}
