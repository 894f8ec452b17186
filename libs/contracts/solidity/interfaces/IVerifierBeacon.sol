// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

/// @notice The operators' newer beacon (the-beaconator's `IBeacon` binding): `update(proof, inputs)`
/// hands both to its `verifier()` (an IEcdsaVerifier for the ECDSA ones) and emits IndexUpdated.
interface IVerifierBeacon {
    event IndexUpdated(uint256 index);

    function update(bytes calldata proof, bytes calldata inputs) external;

    function index() external view returns (uint256);

    function verifier() external view returns (address);
}
