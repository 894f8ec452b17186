// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

/// @notice The operators' newer ECDSA verifier (the-beaconator's `IEcdsaVerifier` binding, behind
/// their modular beacons, group beacons included): a measurement is an array, signed as EIP-712 with
/// keccak256(abi.encode(MEASUREMENT_TYPEHASH, keccak256(abi.encodePacked(measurement)), nonce)), no
/// deadline, no bound beacon, nonces increasing (two updates landing out of order revert the later
/// signed one). EIP-5267 `eip712Domain()` is what beacon-ops requires besides the binding's functions,
/// so that the digest it signs provably names this verifier on this chain; a verifier without it is
/// refused, nothing signed.
interface IEcdsaVerifier {
    function SIGNER() external view returns (address);

    function MEASUREMENT_TYPEHASH() external view returns (bytes32);

    function domainSeparator() external view returns (bytes32);

    function digest(uint256[] calldata measurement, uint256 nonce) external view returns (bytes32);

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

    /// @param inputs abi.encode(uint256[] measurement, uint256 nonce).
    /// @return measurement the verified values; the signature is spent.
    function verify(bytes calldata proof, bytes calldata inputs) external returns (uint256[] memory measurement);

    function usedProofs(bytes32 proofHash) external view returns (bool);
}
