// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {IVerifier} from "./interfaces/IVerifier.sol";
import {ProofGate} from "./ProofGate.sol";
import {TwapOracle} from "./libraries/TwapOracle.sol";

/// @notice ZK beacon (same update rules as Beacon) that also keeps a ring of TWAP observations,
/// so consumers can read a time-weighted mean that one update cannot move much.
contract VerifiableBeacon is ProofGate {
    using TwapOracle for mapping(uint32 => TwapOracle.Observation);

    error NotOwner();
    error ZeroAddress();

    event CardinalityNextIncreased(uint32 previous, uint32 next);

    /// @notice May grow the ring. Gated because slots are not pre-paid (see TwapOracle): an
    /// open increase would let anyone make every later update pay for fresh storage.
    address public immutable owner;

    uint256 private _data;
    uint256 private _timestamp;

    mapping(uint32 => TwapOracle.Observation) public observations;
    uint32 public observationIndex;
    uint32 public observationCardinality;
    uint32 public observationCardinalityNext;

    constructor(IVerifier verifier_, address owner_, uint256 initialData, uint32 initialCardinalityNext)
        ProofGate(verifier_)
    {
        if (owner_ == address(0)) revert ZeroAddress();
        owner = owner_;
        _data = initialData;
        _timestamp = block.timestamp;
        observations.initialize(uint40(block.timestamp));
        observationCardinality = 1;
        observationCardinalityNext = initialCardinalityNext > 1 ? initialCardinalityNext : 1;
    }

    function getData() external view returns (uint256 data, uint256 timestamp) {
        return (_data, _timestamp);
    }

    function updateData(bytes calldata proof, bytes calldata publicSignals) external {
        uint256 value = _consumeProof(proof, publicSignals);
        // The observation closes the period during which the previous value was held.
        (observationIndex, observationCardinality) = observations.write(
            observationIndex, uint40(block.timestamp), _data, observationCardinality, observationCardinalityNext
        );
        _data = value;
        _timestamp = block.timestamp;
        emit DataUpdated(value);
    }

    /// @notice Never shrinks; a smaller or equal value is a no-op.
    function increaseCardinalityNext(uint32 next) external {
        if (msg.sender != owner) revert NotOwner();
        uint32 previous = observationCardinalityNext;
        if (next <= previous) return;
        observationCardinalityNext = next;
        emit CardinalityNextIncreased(previous, next);
    }

    /// @notice Time-weighted mean of the value over the last `secondsAgo` seconds (0: the current value).
    /// Reverts OldObservation when the window reaches past the oldest observation kept.
    function getTwap(uint32 secondsAgo) external view returns (uint256) {
        if (secondsAgo == 0) return _data;
        uint40 time = uint40(block.timestamp);
        uint208 nowCumulative =
            observations.observeSingle(time, 0, _data, observationIndex, observationCardinality);
        uint208 thenCumulative =
            observations.observeSingle(time, secondsAgo, _data, observationIndex, observationCardinality);
        unchecked {
            return uint208(nowCumulative - thenCumulative) / secondsAgo;
        }
    }

    /// @notice Raw cumulatives (Uniswap's observe), for consumers that compute their own windows.
    function observe(uint32[] calldata secondsAgos) external view returns (uint256[] memory cumulatives) {
        return observations.observe(uint40(block.timestamp), secondsAgos, _data, observationIndex, observationCardinality);
    }
}
