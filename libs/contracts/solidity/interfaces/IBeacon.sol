// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

/// @notice The ZK beacon surface the beacon-ops service drives (same shape as the deployed protocol's).
interface IBeacon {
    event DataUpdated(uint256 data);

    /// @notice The verifier rejected (or failed on) the proof.
    error InvalidProof();
    /// @notice This statement (publicSignals) was already accepted by this beacon, with any proof.
    error ProofAlreadyUsed();
    /// @notice publicSignals is not a strict `abi.encode(uint256[])` with at least one element.
    error InvalidPublicSignals();

    function getData() external view returns (uint256 data, uint256 timestamp);

    function updateData(bytes calldata proof, bytes calldata publicSignals) external;
}
