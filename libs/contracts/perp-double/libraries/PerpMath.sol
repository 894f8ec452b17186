// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {FullMath} from "@uniswap/v4-core/src/libraries/FullMath.sol";
import {FixedPointMathLib} from "solady/src/utils/FixedPointMathLib.sol";

/// The contract's (ammPrice, index) pair, each a uint128 X96 price: the spot pair, or the stored EMAs.
struct PricePair {
    uint128 ammPrice;
    uint128 index;
}

/// @notice The protocol arithmetic of the Perp City double, written from the published formulas
/// (libs/x96-math's table; the public Rust SDK's src/math). Every floor and round-up sits where
/// the deployed contracts put it, so this chain is a second implementation our TypeScript is
/// checked against. Units: atoms are 6-decimal integers, X96 words are x / 2^96, WAD is 1e18,
/// E6 is 1e6, times are unix seconds.
library PerpMath {
    uint256 internal constant Q96 = 2 ** 96;
    uint256 internal constant WAD = 1e18;
    uint256 internal constant E6 = 1e6;
    /// Funding and utilization rates are per day.
    uint256 internal constant FUNDING_INTERVAL = 86_400;

    error SignedOverflow();
    error CheckpointAhead();
    error ZeroEmaWindow();

    struct Cumulatives {
        int256 fundingX96;
        int256 fundingDivSqrtPX96;
        uint256 longUtilPaymentsX96;
        uint256 shortUtilPaymentsX96;
        uint256 longUtilEarningsX96;
        uint256 shortUtilEarningsX96;
    }

    /// What one accrual needs besides the stored cumulatives.
    struct AccrualInputs {
        int256 fundingPerDay;
        uint256 longUtilFeePerDay;
        uint256 shortUtilFeePerDay;
        uint256 lastTouch;
        uint256 timestamp;
        uint256 oiLong;
        uint256 oiShort;
        uint256 capLong;
        uint256 capShort;
        uint256 markPriceX96;
        uint256 sqrtPriceX96;
    }

    // ------------------------------------------------------------------ fixed point

    function abs(int256 x) internal pure returns (uint256) {
        return x < 0 ? uint256(-x) : uint256(x);
    }

    /// a * b / d on signed operands, the magnitude truncated toward zero; with roundUp a
    /// remainder adds one only when the result is not negative (an amount owed rounds up).
    function sFullMulDiv(int256 a, int256 b, uint256 d, bool roundUp) internal pure returns (int256) {
        bool negative = (a < 0) != (b < 0);
        uint256 magnitude = roundUp && !negative ? FullMath.mulDivRoundingUp(abs(a), abs(b), d) : FullMath.mulDiv(abs(a), abs(b), d);
        if (magnitude > uint256(type(int256).max)) revert SignedOverflow();
        // A zero magnitude is zero whatever the sign.
        return negative ? -int256(magnitude) : int256(magnitude);
    }

    /// e^(-dt / window) as WAD: expWad(-(dt * 1e18 / window)), the inner division floored.
    function emaDecayWad(uint256 dt, uint256 window) internal pure returns (uint256) {
        if (window == 0) revert ZeroEmaWindow();
        return uint256(FixedPointMathLib.expWad(-int256((dt * WAD) / window)));
    }

    // ------------------------------------------------------------------ mark

    /// The pool's plain X96 price: floor(sqrtPriceX96^2 / 2^96).
    function priceX96FromSqrtPriceX96(uint256 sqrtPriceX96) internal pure returns (uint256) {
        return FullMath.mulDiv(sqrtPriceX96, sqrtPriceX96, Q96);
    }

    /// The EMA advance from lastTouch to timestamp against the spot pair; unchanged when no time passed.
    function advanceEmas(PricePair memory stored, PricePair memory spot, uint256 lastTouch, uint256 timestamp, uint256 window)
        internal
        pure
        returns (PricePair memory)
    {
        if (timestamp <= lastTouch) return PricePair(stored.ammPrice, stored.index);
        uint256 alpha = emaDecayWad(timestamp - lastTouch, window);
        uint256 rest = WAD - alpha;
        return PricePair(
            uint128((uint256(stored.ammPrice) * alpha + uint256(spot.ammPrice) * rest) / WAD),
            uint128((uint256(stored.index) * alpha + uint256(spot.index) * rest) / WAD)
        );
    }

    /// The fair price: avg(ammPrice, max(index + emaAmm - emaIndex, 0)), floored.
    function fairPrice(uint256 ammPrice, uint256 index, uint256 emaAmmPrice, uint256 emaIndex) internal pure returns (uint256) {
        uint256 adjusted = index + emaAmmPrice;
        uint256 delta = adjusted > emaIndex ? adjusted - emaIndex : 0;
        return FixedPointMathLib.avg(ammPrice, delta);
    }

    // ------------------------------------------------------------------ accrual

    function elapsedDaysX96(uint256 lastTouch, uint256 timestamp) internal pure returns (uint256) {
        return FullMath.mulDiv(timestamp - lastTouch, Q96, FUNDING_INTERVAL);
    }

    function fundingGrowthX96(int256 fundingPerDay, uint256 dtDaysX96) internal pure returns (int256) {
        return sFullMulDiv(fundingPerDay, int256(dtDaysX96), WAD, false);
    }

    function fundingPerSqrtPriceX96(int256 fundingX96, uint256 sqrtPriceX96) internal pure returns (int256) {
        return sFullMulDiv(fundingX96, int256(Q96), sqrtPriceX96, false);
    }

    /// What one perp atom of exposure pays over the period: floor(fee * floor(dtDays * mark / 2^96) / 1e18).
    function utilPaymentsGrowthX96(uint256 feePerDay, uint256 dtDaysX96, uint256 markPriceX96) internal pure returns (uint256) {
        return FullMath.mulDiv(feePerDay, FullMath.mulDiv(dtDaysX96, markPriceX96, Q96), WAD);
    }

    /// What one perp atom of capacity earns: the payments split by oi / capacity; 0 without capacity.
    function utilEarningsGrowthX96(uint256 feePerDay, uint256 dtDaysX96, uint256 markPriceX96, uint256 oi, uint256 cap)
        internal
        pure
        returns (uint256)
    {
        if (cap == 0) return 0;
        return FullMath.mulDiv(utilPaymentsGrowthX96(feePerDay, dtDaysX96, markPriceX96), oi, cap);
    }

    /// Every cumulative advanced from lastTouch to timestamp at the mark of timestamp.
    function accrue(Cumulatives memory c, AccrualInputs memory a) internal pure returns (Cumulatives memory next) {
        next = Cumulatives(
            c.fundingX96, c.fundingDivSqrtPX96, c.longUtilPaymentsX96, c.shortUtilPaymentsX96, c.longUtilEarningsX96, c.shortUtilEarningsX96
        );
        if (a.timestamp == a.lastTouch) return next;
        uint256 dtDays = elapsedDaysX96(a.lastTouch, a.timestamp);
        int256 funding = fundingGrowthX96(a.fundingPerDay, dtDays);
        next.fundingX96 = c.fundingX96 + funding;
        next.fundingDivSqrtPX96 = c.fundingDivSqrtPX96 + fundingPerSqrtPriceX96(funding, a.sqrtPriceX96);
        next.longUtilEarningsX96 =
            c.longUtilEarningsX96 + utilEarningsGrowthX96(a.longUtilFeePerDay, dtDays, a.markPriceX96, a.oiLong, a.capLong);
        next.shortUtilEarningsX96 =
            c.shortUtilEarningsX96 + utilEarningsGrowthX96(a.shortUtilFeePerDay, dtDays, a.markPriceX96, a.oiShort, a.capShort);
        next.longUtilPaymentsX96 = c.longUtilPaymentsX96 + utilPaymentsGrowthX96(a.longUtilFeePerDay, dtDays, a.markPriceX96);
        next.shortUtilPaymentsX96 = c.shortUtilPaymentsX96 + utilPaymentsGrowthX96(a.shortUtilFeePerDay, dtDays, a.markPriceX96);
    }

    // ------------------------------------------------------------------ taker health

    /// perpValue = trunc(perpDelta * mark / 2^96); value = |perpValue|; pnl = perpValue + usdDelta.
    function takerValPnl(int256 perpDelta, int256 usdDelta, uint256 markPriceX96)
        internal
        pure
        returns (uint256 value, int256 pnl)
    {
        int256 perpValue = sFullMulDiv(perpDelta, int256(markPriceX96), Q96, false);
        return (abs(perpValue), perpValue + usdDelta);
    }

    /// Funding owed since the checkpoint: an amount owed rounds up, a receipt truncates. + = pays.
    function fundingOwed(int256 perpDelta, int256 fundingX96, int256 checkpointX96) internal pure returns (int256) {
        return sFullMulDiv(perpDelta, fundingX96 - checkpointX96, Q96, true);
    }

    /// Utilization fees a taker owes on its side since the checkpoints, rounded up; 0 without exposure.
    function takerUtilOwed(
        int256 perpDelta,
        uint256 longPaymentsX96,
        uint256 shortPaymentsX96,
        uint256 lastLongX96,
        uint256 lastShortX96
    ) internal pure returns (uint256) {
        if (perpDelta == 0) return 0;
        (uint256 cumulative, uint256 checkpoint) = perpDelta > 0 ? (longPaymentsX96, lastLongX96) : (shortPaymentsX96, lastShortX96);
        if (checkpoint > cumulative) revert CheckpointAhead();
        return FullMath.mulDivRoundingUp(abs(perpDelta), cumulative - checkpoint, Q96);
    }

    /// The health ratio: 0 when equity <= 0, else floor(equity * 1e6 / (value + 1)).
    function marginRatioE6(int256 equity, uint256 value) internal pure returns (uint256) {
        if (equity <= 0) return 0;
        return FullMath.mulDiv(uint256(equity), E6, value + 1);
    }

    /// Healthy when the ratio meets the position's threshold; liquidatable when strictly below it.
    function isHealthy(int256 equity, uint256 value, uint256 thresholdE6) internal pure returns (bool) {
        return marginRatioE6(equity, value) >= thresholdE6;
    }
}
