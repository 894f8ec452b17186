// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

/// @notice The deployed Perp City ECDSA beacon, as much of it as beacon-ops drives (the-beaconator's
/// `IEcdsaBeacon` binding and ABI): `updateIndex` passes (proof, inputs) to its adapter's
/// `verify` and stores the measurement. Its owner can repoint it at another adapter, so the
/// adapter is read per update, never remembered.
interface IDeployedEcdsaBeacon {
    event IndexUpdated(uint256 index);

    /// @param proof the 65-byte signature r ‖ s ‖ v.
    /// @param inputs abi.encode(uint256 measurement, uint256 nonce).
    function updateIndex(bytes calldata proof, bytes calldata inputs) external;

    function index() external view returns (uint256);

    function verifierAdapter() external view returns (address);

    function setVerifierAdapter(address newVerifierAdapter) external;
}
