// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {IVerifier} from "./interfaces/IVerifier.sol";
import {Groth16Verifier} from "./Groth16Verifier.sol";

/// @notice IVerifier for the beacon-mean circuit (libs/zk) in front of its snarkjs-exported
/// Groth16Verifier. proof = abi.encode(uint256[2] a, uint256[2][2] b, uint256[2] c) in the
/// verifier's order (b's coordinates as (imaginary, real) pairs); publicSignals = [value,
/// beacon, nonce]. Anything else is a rejection (false), never a revert.
contract Groth16VerifierAdapter is IVerifier {
    error VerifierHasNoCode();

    uint256 public constant PROOF_LENGTH = 256;
    uint256 public constant SIGNAL_COUNT = 3;
    /// @notice Index of the public signal that names the beacon the proof is for.
    uint256 public constant BEACON_SIGNAL = 1;
    /// @notice Gas the verifier may use: about twice a verification (~210k: 3 ecMul, 3 ecAdd and a
    /// 4-pair pairing). A point that is not on the curve makes a precompile fail, and a failing
    /// precompile burns all the gas it was given: without a bound, one corrupt proof in a batch
    /// would burn its whole gas limit.
    uint256 public constant VERIFY_GAS = 500_000;

    Groth16Verifier public immutable GROTH16_VERIFIER;

    constructor(Groth16Verifier groth16Verifier) {
        if (address(groth16Verifier).code.length == 0) revert VerifierHasNoCode();
        GROTH16_VERIFIER = groth16Verifier;
    }

    /// @dev The beacon calls this itself (ProofGate), so msg.sender is the beacon: a proof made
    /// for one beacon is refused by every other beacon sharing this adapter.
    function verifyProof(bytes calldata proof, uint256[] calldata publicSignals) external view returns (bool) {
        if (proof.length != PROOF_LENGTH || publicSignals.length != SIGNAL_COUNT) return false;
        if (publicSignals[BEACON_SIGNAL] != uint256(uint160(msg.sender))) return false;
        (uint256[2] memory a, uint256[2][2] memory b, uint256[2] memory c) =
            abi.decode(proof, (uint256[2], uint256[2][2], uint256[2]));
        return GROTH16_VERIFIER.verifyProof{gas: VERIFY_GAS}(a, b, c, [publicSignals[0], publicSignals[1], publicSignals[2]]);
    }
}
