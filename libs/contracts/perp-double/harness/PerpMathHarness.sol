// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {FixedPointMathLib} from "solady/src/utils/FixedPointMathLib.sol";
import {PerpMath, PricePair} from "../libraries/PerpMath.sol";

/// @notice Test harness: PerpMath's pure functions as external calls, so the specs can check the
/// Solidity arithmetic against libs/x96-math's golden cases and properties over eth_call.
contract PerpMathHarness {
    function sFullMulDiv(int256 a, int256 b, uint256 d, bool roundUp) external pure returns (int256) {
        return PerpMath.sFullMulDiv(a, b, d, roundUp);
    }

    function expWad(int256 x) external pure returns (int256) {
        return FixedPointMathLib.expWad(x);
    }

    function emaDecayWad(uint256 dt, uint256 window) external pure returns (uint256) {
        return PerpMath.emaDecayWad(dt, window);
    }

    function priceX96FromSqrtPriceX96(uint256 sqrtPriceX96) external pure returns (uint256) {
        return PerpMath.priceX96FromSqrtPriceX96(sqrtPriceX96);
    }

    function advanceEmas(PricePair memory stored, PricePair memory spot, uint256 lastTouch, uint256 timestamp, uint256 window)
        external
        pure
        returns (PricePair memory)
    {
        return PerpMath.advanceEmas(stored, spot, lastTouch, timestamp, window);
    }

    function fairPrice(uint256 ammPrice, uint256 index, uint256 emaAmmPrice, uint256 emaIndex) external pure returns (uint256) {
        return PerpMath.fairPrice(ammPrice, index, emaAmmPrice, emaIndex);
    }

    function elapsedDaysX96(uint256 lastTouch, uint256 timestamp) external pure returns (uint256) {
        return PerpMath.elapsedDaysX96(lastTouch, timestamp);
    }

    function utilPaymentsGrowthX96(uint256 feePerDay, uint256 dtDaysX96, uint256 markPriceX96) external pure returns (uint256) {
        return PerpMath.utilPaymentsGrowthX96(feePerDay, dtDaysX96, markPriceX96);
    }

    function utilEarningsGrowthX96(uint256 feePerDay, uint256 dtDaysX96, uint256 markPriceX96, uint256 oi, uint256 cap)
        external
        pure
        returns (uint256)
    {
        return PerpMath.utilEarningsGrowthX96(feePerDay, dtDaysX96, markPriceX96, oi, cap);
    }

    function accrue(PerpMath.Cumulatives memory c, PerpMath.AccrualInputs memory a) external pure returns (PerpMath.Cumulatives memory) {
        return PerpMath.accrue(c, a);
    }

    function takerValPnl(int256 perpDelta, int256 usdDelta, uint256 markPriceX96) external pure returns (uint256 value, int256 pnl) {
        return PerpMath.takerValPnl(perpDelta, usdDelta, markPriceX96);
    }

    function fundingOwed(int256 perpDelta, int256 fundingX96, int256 checkpointX96) external pure returns (int256) {
        return PerpMath.fundingOwed(perpDelta, fundingX96, checkpointX96);
    }

    function takerUtilOwed(int256 perpDelta, uint256 longPaymentsX96, uint256 shortPaymentsX96, uint256 lastLongX96, uint256 lastShortX96)
        external
        pure
        returns (uint256)
    {
        return PerpMath.takerUtilOwed(perpDelta, longPaymentsX96, shortPaymentsX96, lastLongX96, lastShortX96);
    }

    function marginRatioE6(int256 equity, uint256 value) external pure returns (uint256) {
        return PerpMath.marginRatioE6(equity, value);
    }

    function isHealthy(int256 equity, uint256 value, uint256 thresholdE6) external pure returns (bool) {
        return PerpMath.isHealthy(equity, value, thresholdE6);
    }
}
