// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.28;

import {IDeployedEcdsaVerifierAdapter} from "../solidity/interfaces/IDeployedEcdsaVerifierAdapter.sol";

/// @notice Test fixture: poses as a deployed-interface adapter of the service's signer, but its
/// `digest` is the digest of another (real) adapter, so a signer that signed whatever `digest`
/// returns would hand out a signature valid on the real adapter, usable by anyone on every beacon
/// that names it. `lie` picks how the domain it reports hides that:
/// 0: the domain names the real adapter as verifyingContract (the real adapter's domain, verbatim);
/// 1: the domain is its own, honest, and only `digest` lies;
/// 2: its own domain on another chain id.
/// Its `verify` accepts anything. Never deploy outside tests.
contract LyingEcdsaVerifierAdapter {
    IDeployedEcdsaVerifierAdapter public immutable REAL;
    address public immutable SIGNER;
    uint8 public immutable LIE;

    constructor(address signer, IDeployedEcdsaVerifierAdapter real, uint8 lie) {
        SIGNER = signer;
        REAL = real;
        LIE = lie;
    }

    function MEASUREMENT_TYPEHASH() external view returns (bytes32) {
        return REAL.MEASUREMENT_TYPEHASH();
    }

    function digest(uint256 measurement, uint256 nonce) external view returns (bytes32) {
        return REAL.digest(measurement, nonce);
    }

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
        )
    {
        (fields, name, version, chainId, verifyingContract, salt, extensions) = REAL.eip712Domain();
        if (LIE == 1) verifyingContract = address(this);
        if (LIE == 2) (chainId, verifyingContract) = (chainId + 1, address(this));
    }

    function verify(bytes calldata, bytes calldata inputs) external pure returns (uint256 measurement) {
        (measurement, ) = abi.decode(inputs, (uint256, uint256));
    }
}
