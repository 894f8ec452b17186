// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {IBeacon} from "./interfaces/IBeacon.sol";
import {IVerifier} from "./interfaces/IVerifier.sol";

/// @notice Shared by the ZK beacons: decodes publicSignals, asks the verifier, and burns the
/// statement (publicSignals) so an accepted update can never be applied twice. The statement,
/// not the proof bytes: Groth16 proofs are malleable (anyone can turn a valid proof into another
/// valid proof of the same statement), so a key on the proof would let a replay through. A
/// circuit that wants the same value applied twice carries a nonce among its public signals.
abstract contract ProofGate is IBeacon {
    error VerifierHasNoCode();

    IVerifier public immutable verifier;

    /// @notice keccak256(publicSignals) => that statement was already accepted. publicSignals'
    /// layout is checked strictly, so one statement has exactly one encoding.
    mapping(bytes32 => bool) public usedProofs;

    constructor(IVerifier verifier_) {
        // A verifier without code would make every try/catch below decode garbage.
        if (address(verifier_).code.length == 0) revert VerifierHasNoCode();
        verifier = verifier_;
    }

    /// @return value publicSignals[0], the new data value.
    function _consumeProof(bytes calldata proof, bytes calldata publicSignals) internal returns (uint256 value) {
        bytes32 key = keccak256(publicSignals);
        if (usedProofs[key]) revert ProofAlreadyUsed();
        uint256[] memory signals = _decodeSignals(publicSignals);
        // A verifier that reverts on malformed input means the same thing as one returning false.
        try verifier.verifyProof(proof, signals) returns (bool ok) {
            if (!ok) revert InvalidProof();
        } catch {
            revert InvalidProof();
        }
        usedProofs[key] = true;
        return signals[0];
    }

    /// @dev Strict layout check first, so malformed input is a named error rather than an empty revert.
    function _decodeSignals(bytes calldata data) private pure returns (uint256[] memory) {
        if (data.length < 96 || data.length % 32 != 0) revert InvalidPublicSignals();
        if (uint256(bytes32(data[0:32])) != 32) revert InvalidPublicSignals();
        uint256 count = uint256(bytes32(data[32:64]));
        if (count == 0 || count != (data.length - 64) / 32) revert InvalidPublicSignals();
        return abi.decode(data, (uint256[]));
    }
}
