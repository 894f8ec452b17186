// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {EcdsaVerifierAdapter} from "./EcdsaVerifierAdapter.sol";

/// @notice Beacon fed by signed measurements: the adapter checks signer, deadline, nonce and range,
/// and its named errors (InvalidSignature, SignatureExpired, NonceAlreadyUsed, MeasurementOutOfRange)
/// bubble up unchanged. The beacon creates its own adapter, so the adapter's BEACON() is this beacon
/// from its first block and no other contract can consume its signatures.
contract EcdsaBeacon {
    error InvalidInputs();
    /// @notice The adapter returned false instead of reverting with its own reason.
    error VerificationFailed();

    event IndexUpdated(uint256 index);

    EcdsaVerifierAdapter public immutable verifierAdapter;

    uint256 public index;
    uint256 public lastUpdated;

    constructor(address signer, uint256 minMeasurement, uint256 maxMeasurement) {
        verifierAdapter = new EcdsaVerifierAdapter(address(this), signer, minMeasurement, maxMeasurement);
    }

    /// @param proof the 65-byte EIP-712 signature (r, s, v).
    /// @param inputs abi.encode(uint256 measurement, uint256 nonce, uint256 deadline).
    function updateIndex(bytes calldata proof, bytes calldata inputs) external {
        if (inputs.length != 96) revert InvalidInputs();
        (uint256 measurement, uint256 nonce, uint256 deadline) = abi.decode(inputs, (uint256, uint256, uint256));
        if (!verifierAdapter.verify(proof, measurement, nonce, deadline)) revert VerificationFailed();
        index = measurement;
        lastUpdated = block.timestamp;
        emit IndexUpdated(measurement);
    }

    /// @notice Same reading shape as the ZK beacons.
    function getData() external view returns (uint256 data, uint256 timestamp) {
        return (index, lastUpdated);
    }
}
