// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

/// @notice A ring buffer of (timestamp, cumulative value) observations, after Uniswap v3's Oracle
/// library. cumulative = sum of value * seconds held; the mean over a window is the difference of
/// two cumulatives divided by the window. Differences are taken modulo 2^208 (the cumulative wraps
/// on purpose, like Uniswap's), so an average is exact while value * window < 2^208.
/// Unlike Uniswap, growing the ring does not pre-write slots: beacons are created with hundreds of
/// slots, and pre-writing them would cost ~22k gas each at creation.
library TwapOracle {
    /// @dev One storage slot: 40 + 208 + 8 bits.
    struct Observation {
        uint40 timestamp;
        uint208 cumulative;
        bool initialized;
    }

    /// @notice The requested point is older than the oldest observation kept.
    error OldObservation();

    function initialize(mapping(uint32 => Observation) storage self, uint40 time) internal {
        self[0] = Observation({timestamp: time, cumulative: 0, initialized: true});
    }

    /// @notice Records the value held since the last observation; at most one write per block.
    /// @param value the value held from the last observation until `time` (the one being replaced).
    function write(
        mapping(uint32 => Observation) storage self,
        uint32 index,
        uint40 time,
        uint256 value,
        uint32 cardinality,
        uint32 cardinalityNext
    ) internal returns (uint32 indexUpdated, uint32 cardinalityUpdated) {
        Observation memory last = self[index];
        if (last.timestamp == time) return (index, cardinality);

        // The ring only grows once the writer reaches its current end, so order is preserved.
        cardinalityUpdated = (cardinalityNext > cardinality && index == cardinality - 1) ? cardinalityNext : cardinality;
        indexUpdated = uint32((uint256(index) + 1) % cardinalityUpdated);
        self[indexUpdated] = _transform(last, time, value);
    }

    /// @return cumulatives the cumulative value at `time - secondsAgos[i]` for each i.
    function observe(
        mapping(uint32 => Observation) storage self,
        uint40 time,
        uint32[] memory secondsAgos,
        uint256 value,
        uint32 index,
        uint32 cardinality
    ) internal view returns (uint256[] memory cumulatives) {
        cumulatives = new uint256[](secondsAgos.length);
        for (uint256 i = 0; i < secondsAgos.length; i++) {
            cumulatives[i] = observeSingle(self, time, secondsAgos[i], value, index, cardinality);
        }
    }

    function observeSingle(
        mapping(uint32 => Observation) storage self,
        uint40 time,
        uint32 secondsAgo,
        uint256 value,
        uint32 index,
        uint32 cardinality
    ) internal view returns (uint208) {
        if (secondsAgo == 0) {
            Observation memory last = self[index];
            if (last.timestamp != time) last = _transform(last, time, value);
            return last.cumulative;
        }
        uint40 target = time - secondsAgo;
        (Observation memory beforeOrAt, Observation memory atOrAfter) =
            _surrounding(self, target, value, index, cardinality);
        if (target == beforeOrAt.timestamp) return beforeOrAt.cumulative;
        if (target == atOrAfter.timestamp) return atOrAfter.cumulative;
        // Between two observations the value was constant, so the division below is exact.
        unchecked {
            uint256 perSecond = uint208(atOrAfter.cumulative - beforeOrAt.cumulative)
                / (atOrAfter.timestamp - beforeOrAt.timestamp);
            return uint208(uint256(beforeOrAt.cumulative) + perSecond * (target - beforeOrAt.timestamp));
        }
    }

    function _transform(Observation memory last, uint40 time, uint256 value) private pure returns (Observation memory) {
        unchecked {
            // Wrapping is intended: only differences of cumulatives (mod 2^208) are meaningful.
            return Observation({
                timestamp: time,
                cumulative: uint208(uint256(last.cumulative) + value * (time - last.timestamp)),
                initialized: true
            });
        }
    }

    function _surrounding(
        mapping(uint32 => Observation) storage self,
        uint40 target,
        uint256 value,
        uint32 index,
        uint32 cardinality
    ) private view returns (Observation memory beforeOrAt, Observation memory atOrAfter) {
        beforeOrAt = self[index];
        if (beforeOrAt.timestamp <= target) {
            // Target is at or after the newest observation: extrapolate with the current value.
            if (beforeOrAt.timestamp == target) return (beforeOrAt, atOrAfter);
            return (beforeOrAt, _transform(beforeOrAt, target, value));
        }
        // The oldest observation is the next slot, or slot 0 while the ring has not wrapped yet.
        beforeOrAt = self[uint32((uint256(index) + 1) % cardinality)];
        if (!beforeOrAt.initialized) beforeOrAt = self[0];
        if (target < beforeOrAt.timestamp) revert OldObservation();
        return _binarySearch(self, target, index, cardinality);
    }

    /// @dev Precondition: oldest.timestamp <= target < newest.timestamp.
    function _binarySearch(mapping(uint32 => Observation) storage self, uint40 target, uint32 index, uint32 cardinality)
        private
        view
        returns (Observation memory beforeOrAt, Observation memory atOrAfter)
    {
        uint256 l = (uint256(index) + 1) % cardinality; // oldest
        uint256 r = l + cardinality - 1; // newest
        while (true) {
            uint256 i = (l + r) / 2;
            beforeOrAt = self[uint32(i % cardinality)];
            // Not yet written slots only sit on the old side of the ring.
            if (!beforeOrAt.initialized) {
                l = i + 1;
                continue;
            }
            atOrAfter = self[uint32((i + 1) % cardinality)];
            bool targetAtOrAfter = beforeOrAt.timestamp <= target;
            if (targetAtOrAfter && target <= atOrAfter.timestamp) break;
            if (!targetAtOrAfter) r = i - 1;
            else l = i + 1;
        }
    }
}
