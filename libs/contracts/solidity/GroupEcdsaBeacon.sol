// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {GroupEcdsaVerifierAdapter} from "./GroupEcdsaVerifierAdapter.sol";

/// @notice A beacon of a fixed number of values updated together from one signed measurement
/// array (the operators' group beacons: several classes' shares, say). Like EcdsaBeacon it creates
/// its own adapter, bound to it, so no other contract can consume its signatures.
contract GroupEcdsaBeacon {
    error InvalidInputs();
    error VerificationFailed();
    /// @notice The array does not hold exactly as many values as the group.
    error WrongMeasurementCount(uint256 expected, uint256 got);

    /// @notice The new values, in order; one event an update.
    event GroupIndexUpdated(uint256[] indices);

    GroupEcdsaVerifierAdapter public immutable verifierAdapter;

    uint256[] private values;
    uint256 public lastUpdated;

    constructor(address signer, uint256 size, uint256 minMeasurement, uint256 maxMeasurement) {
        verifierAdapter = new GroupEcdsaVerifierAdapter(address(this), signer, size, minMeasurement, maxMeasurement);
        values = new uint256[](size);
    }

    /// @param proof the 65-byte EIP-712 signature (r, s, v).
    /// @param inputs abi.encode(uint256[] measurements, uint256 nonce, uint256 deadline), canonical:
    /// head of three words (the array's offset 0x60), then the length and SIZE values.
    function updateIndex(bytes calldata proof, bytes calldata inputs) external {
        uint256 size = values.length;
        // Exactly the canonical encoding of SIZE values: nothing appended, no offset elsewhere.
        if (inputs.length < 128 || uint256(bytes32(inputs[0:32])) != 0x60) revert InvalidInputs();
        uint256 count = uint256(bytes32(inputs[96:128]));
        if (count != size) revert WrongMeasurementCount(size, count);
        if (inputs.length != 32 * (4 + size)) revert InvalidInputs();
        (uint256[] memory measurements, uint256 nonce, uint256 deadline) =
            abi.decode(inputs, (uint256[], uint256, uint256));
        if (!verifierAdapter.verify(proof, measurements, nonce, deadline)) revert VerificationFailed();
        for (uint256 i = 0; i < size; ++i) values[i] = measurements[i];
        lastUpdated = block.timestamp;
        emit GroupIndexUpdated(measurements);
    }

    /// @notice How many values the group holds.
    function size() external view returns (uint256) {
        return values.length;
    }

    function indexAt(uint256 i) external view returns (uint256) {
        return values[i];
    }

    function indices() external view returns (uint256[] memory) {
        return values;
    }

    function getData() external view returns (uint256[] memory data, uint256 timestamp) {
        return (values, lastUpdated);
    }
}
