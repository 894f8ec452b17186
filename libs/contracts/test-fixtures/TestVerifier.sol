// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {IVerifier} from "../solidity/interfaces/IVerifier.sol";

/// @notice TESTS ONLY. Accepts a proof iff it equals keccak256(abi.encodePacked("valid", publicSignals)),
/// so tests can mint valid proofs for any signals and invalid ones by changing a byte.
contract TestVerifier is IVerifier {
    function verifyProof(bytes calldata proof, uint256[] calldata publicSignals) external pure returns (bool) {
        return keccak256(proof) == keccak256(abi.encodePacked(keccak256(abi.encodePacked("valid", publicSignals))));
    }
}
