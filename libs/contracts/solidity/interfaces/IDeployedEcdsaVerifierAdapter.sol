// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

/// @notice The ECDSA verifier adapter the deployed Perp City beacons use, as its public interface
/// shows (the-beaconator's `IEcdsaVerifierAdapter` binding and ABI, and the selectors of its
/// published bytecode). Unlike our EcdsaVerifierAdapter it has no BEACON() (any contract, and any
/// caller, may have a signature verified) and its signed struct has no deadline: a signature is
/// good until it is used once, on any beacon that names this adapter. beacon-ops therefore signs
/// for it only for allow-listed beacons (apps/beacon-ops README, "What the signer signs for").
interface IDeployedEcdsaVerifierAdapter {
    /// @notice The signature does not recover to SIGNER.
    error InvalidSigner();
    /// @notice This signature was already verified once (keyed on the canonical signature's hash).
    error ProofReplay();
    /// @notice The signature is malformed (length, v).
    error InvalidSignature();

    /// @notice The one address whose signatures the adapter accepts.
    function SIGNER() external view returns (address);

    /// @notice The EIP-712 struct typehash of a measurement (the struct hash is
    /// keccak256(abi.encode(MEASUREMENT_TYPEHASH, measurement, nonce))).
    function MEASUREMENT_TYPEHASH() external view returns (bytes32);

    function domainSeparator() external view returns (bytes32);

    /// @notice keccak256("\x19\x01" ‖ domainSeparator() ‖ structHash): what SIGNER signs, raw.
    function digest(uint256 measurement, uint256 nonce) external view returns (bytes32);

    /// @notice EIP-5267: the domain's fields, so a signer can check what the separator binds.
    function eip712Domain()
        external
        view
        returns (
            bytes1 fields,
            string memory name,
            string memory version,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] memory extensions
        );

    /// @param proof the 65-byte signature r ‖ s ‖ v.
    /// @param inputs abi.encode(uint256 measurement, uint256 nonce).
    /// @return measurement the verified value; the signature is spent.
    function verify(bytes calldata proof, bytes calldata inputs) external returns (uint256 measurement);

    function usedProofs(bytes32 proofHash) external view returns (bool);

    function verifier() external view returns (address);
}
