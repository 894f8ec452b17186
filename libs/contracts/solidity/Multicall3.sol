// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

/// @notice aggregate3 with the canonical Multicall3 semantics (mds1/multicall), so code written
/// against this one works unchanged against the canonical deployment at 0xcA11...CA11.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Calls run in order from this contract; a failing call with allowFailure=false
    /// reverts the whole batch with "Multicall3: call failed". Payable like the canonical one,
    /// though no value is forwarded.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        uint256 length = calls.length;
        returnData = new Result[](length);
        for (uint256 i = 0; i < length; i++) {
            Call3 calldata call = calls[i];
            (bool success, bytes memory ret) = call.target.call(call.callData);
            if (!success && !call.allowFailure) revert("Multicall3: call failed");
            returnData[i] = Result(success, ret);
        }
    }
}
