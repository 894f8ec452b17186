// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

/// @notice aggregate3 with an explicit gas limit per call, for update batches where one entry
/// may fail without reverting the others. With Multicall3's aggregate3(allowFailure=true), an
/// inner call that runs out of gas because the OUTER transaction was given too little is
/// swallowed as a failed entry while the transaction succeeds. Here every call gets exactly its
/// own gasLimit: if the transaction cannot give it that much, the whole transaction reverts
/// (InsufficientGasForCall) instead. A call's outcome therefore never depends on the outer gas.
contract BatchUpdater {
    struct CallWithGas {
        address target;
        uint256 gasLimit;
        bytes callData;
    }

    struct Result {
        bool success;
        /// @dev Gas the call consumed (including the CALL's own cost): sizes the limits of the real send.
        uint256 gasUsed;
        bytes returnData;
    }

    /// @dev Spent between the check and the CALL (cold account access, copying the calldata to memory).
    uint256 private constant CALL_OVERHEAD = 10_000;

    error InsufficientGasForCall(uint256 index, uint256 gasLimit, uint256 gasLeft);

    /// @notice Calls run in order from this contract; a failing call never reverts the others.
    function aggregate3WithGas(CallWithGas[] calldata calls) external returns (Result[] memory results) {
        uint256 length = calls.length;
        results = new Result[](length);
        for (uint256 i = 0; i < length; i++) {
            CallWithGas calldata call = calls[i];
            uint256 limit = call.gasLimit;
            // EIP-150: CALL forwards at most 63/64 of the gas left. Demand enough that the callee
            // surely gets its whole limit, else revert everything rather than starve it.
            if (gasleft() < limit + limit / 63 + CALL_OVERHEAD + call.callData.length * 3) {
                revert InsufficientGasForCall(i, limit, gasleft());
            }
            uint256 before = gasleft();
            (bool success, bytes memory returnData) = call.target.call{gas: limit}(call.callData);
            uint256 used = before - gasleft();
            // Belt and braces: a failed call that left less than 1/64 of its limit behind may have
            // been starved by the 63/64 rule rather than by its own limit.
            if (!success && gasleft() < limit / 63) revert InsufficientGasForCall(i, limit, gasleft());
            results[i] = Result(success, used, returnData);
        }
    }
}
