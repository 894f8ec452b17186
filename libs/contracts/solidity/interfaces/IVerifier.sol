// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

/// @notice What a ZK beacon asks before accepting data. A snarkjs-exported Groth16 verifier
/// (`verifyProof(uint[2] a, uint[2][2] b, uint[2] c, uint[N] input)`) sits behind a small adapter
/// that abi-decodes `proof` into (a, b, c) and copies `publicSignals` into its fixed-size input.
/// `view` so the beacon can call it with STATICCALL semantics: a verifier cannot change state.
interface IVerifier {
    function verifyProof(bytes calldata proof, uint256[] calldata publicSignals) external view returns (bool);
}
