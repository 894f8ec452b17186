// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {IVerifier} from "./interfaces/IVerifier.sol";
import {ProofGate} from "./ProofGate.sol";

/// @notice ZK beacon: holds one value that anyone may update with a proof the verifier accepts.
/// The proof is the authorisation, so the service's whole wallet pool can submit updates. The
/// verifier is immutable: a registered beacon can never be repointed at a permissive verifier.
/// Deployable on its own (constructor) or as an EIP-1167 clone of a factory-owned instance
/// (initialize): clones share the instance's code and verifier, which keeps a 100-beacon batch
/// far below the block gas limit.
contract Beacon is ProofGate {
    error ZeroAddress();
    error NotOwner();
    error AlreadyInitialized();

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    /// @notice Recorded for the protocol's bookkeeping; it has no power over the data path.
    address public owner;
    /// @dev Packed with owner: initialising a clone costs one storage write, not two.
    uint64 private _timestamp;
    uint256 private _data;

    constructor(IVerifier verifier_, address owner_, uint256 initialData) ProofGate(verifier_) {
        _initialize(owner_, initialData);
    }

    /// @notice Sets up a fresh clone. The instance it clones was initialised by its constructor,
    /// and a factory initialises each clone in the transaction that creates it, so this can
    /// never be called twice on the same storage.
    function initialize(address owner_, uint256 initialData) external {
        if (owner != address(0)) revert AlreadyInitialized();
        _initialize(owner_, initialData);
    }

    function getData() external view returns (uint256 data, uint256 timestamp) {
        return (_data, _timestamp);
    }

    function updateData(bytes calldata proof, bytes calldata publicSignals) external {
        uint256 value = _consumeProof(proof, publicSignals);
        _data = value;
        _timestamp = uint64(block.timestamp);
        emit DataUpdated(value);
    }

    function transferOwnership(address newOwner) external {
        if (msg.sender != owner) revert NotOwner();
        if (newOwner == address(0)) revert ZeroAddress();
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    function _initialize(address owner_, uint256 initialData) private {
        if (owner_ == address(0)) revert ZeroAddress();
        owner = owner_;
        _timestamp = uint64(block.timestamp);
        if (initialData != 0) _data = initialData;
        emit OwnershipTransferred(address(0), owner_);
    }
}
