// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.28;

import {IEcdsaVerifier} from "../solidity/interfaces/IEcdsaVerifier.sol";

/// @notice Test double of the operators' newer beacons behind an IEcdsaVerifier (their group
/// managers take SIZE values, a standalone beacon one): `update(proof, inputs)` has the verifier
/// check the signature and stores the values; `verifier()` names it and its owner may repoint it.
contract VerifierGroupBeaconDouble {
    error WrongMeasurementCount(uint256 expected, uint256 got);
    error NotOwner();

    event IndexUpdated(uint256 index);

    address public verifier;
    address public immutable owner;
    uint256[] private values;

    constructor(address verifier_, uint256 size) {
        verifier = verifier_;
        owner = msg.sender;
        values = new uint256[](size);
    }

    function update(bytes calldata proof, bytes calldata inputs) external {
        uint256[] memory measurement = IEcdsaVerifier(verifier).verify(proof, inputs);
        if (measurement.length != values.length) revert WrongMeasurementCount(values.length, measurement.length);
        for (uint256 i = 0; i < measurement.length; ++i) values[i] = measurement[i];
        emit IndexUpdated(measurement[0]);
    }

    function setVerifier(address verifier_) external {
        if (msg.sender != owner) revert NotOwner();
        verifier = verifier_;
    }

    function index() external view returns (uint256) {
        return values[0];
    }

    function indices() external view returns (uint256[] memory) {
        return values;
    }
}
