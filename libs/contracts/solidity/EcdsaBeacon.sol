// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {EcdsaVerifierAdapter} from "./EcdsaVerifierAdapter.sol";

/// @notice Beacon fed by signed measurements: the adapter checks signer, nonce and range, and
/// its named errors (InvalidSignature, NonceAlreadyUsed, MeasurementOutOfRange) bubble up unchanged.
contract EcdsaBeacon {
    error InvalidInputs();
    error ZeroAddress();
    /// @notice The adapter returned false instead of reverting with its own reason.
    error VerificationFailed();

    event IndexUpdated(uint256 index);

    EcdsaVerifierAdapter public immutable verifierAdapter;

    uint256 public index;
    uint256 public lastUpdated;

    constructor(EcdsaVerifierAdapter adapter) {
        if (address(adapter) == address(0)) revert ZeroAddress();
        verifierAdapter = adapter;
    }

    /// @param proof the 65-byte EIP-712 signature (r, s, v).
    /// @param inputs abi.encode(uint256 measurement, uint256 nonce).
    function updateIndex(bytes calldata proof, bytes calldata inputs) external {
        if (inputs.length != 64) revert InvalidInputs();
        (uint256 measurement, uint256 nonce) = abi.decode(inputs, (uint256, uint256));
        if (!verifierAdapter.verify(proof, measurement, nonce)) revert VerificationFailed();
        index = measurement;
        lastUpdated = block.timestamp;
        emit IndexUpdated(measurement);
    }

    /// @notice Same reading shape as the ZK beacons.
    function getData() external view returns (uint256 data, uint256 timestamp) {
        return (index, lastUpdated);
    }
}
