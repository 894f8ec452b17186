// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {FullMath} from "@uniswap/v4-core/src/libraries/FullMath.sol";
import {TickMath} from "@uniswap/v4-core/src/libraries/TickMath.sol";
import {FixedPointMathLib} from "solady/src/utils/FixedPointMathLib.sol";
import {PerpMath} from "../libraries/PerpMath.sol";
import {IFees, IFunding, IMarginRatios, IPriceImpact, IPricing, PricePair} from "../interfaces/IPerpModules.sol";

/// @notice The double's modules: the deployed getters and call shapes, parameters fixed at
/// construction (immutables, so the getters are `view` where the deployed ones are `pure`).

contract FeesModule is IFees {
    uint24 public immutable CREATOR_FEE;
    uint24 public immutable INSURANCE_FEE;
    uint24 public immutable LP_FEE;
    uint24 public immutable LIQ_FEE;
    uint64 public immutable UTIL_FEE_PER_DAY;

    constructor(uint24 creatorFee, uint24 insuranceFee, uint24 lpFee, uint24 liquidationFee, uint64 utilFeePerDay) {
        (CREATOR_FEE, INSURANCE_FEE, LP_FEE, LIQ_FEE, UTIL_FEE_PER_DAY) = (creatorFee, insuranceFee, lpFee, liquidationFee, utilFeePerDay);
    }

    function fees() external view returns (uint24, uint24, uint24) {
        return (CREATOR_FEE, INSURANCE_FEE, LP_FEE);
    }

    function liqFee() external view returns (uint24) {
        return LIQ_FEE;
    }

    /// A flat rate per side, whatever the utilization (the deployed module's arguments are unnamed too).
    function utilFees(uint256, uint256) external view returns (uint64 longFee, uint64 shortFee) {
        return (UTIL_FEE_PER_DAY, UTIL_FEE_PER_DAY);
    }
}

contract FundingModule is IFunding {
    /// Funding per day = (EMA(pool) - EMA(index)) in USD per perp, WAD, divided by this many days.
    uint256 public immutable PREMIUM_PERIOD_DAYS;

    constructor(uint256 premiumPeriodDays) {
        PREMIUM_PERIOD_DAYS = premiumPeriodDays == 0 ? 1 : premiumPeriodDays;
    }

    /// The premium of the pool's EMA over the index's EMA, per day: + = longs pay shorts.
    function funding(PricePair calldata, PricePair calldata emas) external view returns (int88) {
        int256 premiumX96 = int256(uint256(emas.ammPrice)) - int256(uint256(emas.index));
        int256 perDay = PerpMath.sFullMulDiv(premiumX96, int256(PerpMath.WAD), PerpMath.Q96 * PREMIUM_PERIOD_DAYS, false);
        if (perDay > type(int88).max) return type(int88).max;
        if (perDay < type(int88).min) return type(int88).min;
        return int88(perDay);
    }
}

contract MarginRatiosModule is IMarginRatios {
    uint24 public immutable INITIAL_TAKER_RATIO;
    uint24 public immutable LIQUIDATION_TAKER_RATIO;
    uint24 public immutable BACKSTOP_TAKER_RATIO;
    uint24 public immutable INITIAL_MAKER_RATIO;
    uint24 public immutable LIQUIDATION_MAKER_RATIO;
    uint24 public immutable BACKSTOP_MAKER_RATIO;

    constructor(uint24 initTaker, uint24 liqTaker, uint24 backstopTaker, uint24 initMaker, uint24 liqMaker, uint24 backstopMaker) {
        (INITIAL_TAKER_RATIO, LIQUIDATION_TAKER_RATIO, BACKSTOP_TAKER_RATIO) = (initTaker, liqTaker, backstopTaker);
        (INITIAL_MAKER_RATIO, LIQUIDATION_MAKER_RATIO, BACKSTOP_MAKER_RATIO) = (initMaker, liqMaker, backstopMaker);
    }

    function takerMarginRatios() external view returns (uint24, uint24, uint24) {
        return (INITIAL_TAKER_RATIO, LIQUIDATION_TAKER_RATIO, BACKSTOP_TAKER_RATIO);
    }

    function makerMarginRatios() external view returns (uint24, uint24, uint24) {
        return (INITIAL_MAKER_RATIO, LIQUIDATION_MAKER_RATIO, BACKSTOP_MAKER_RATIO);
    }
}

contract PricingModule is IPricing {
    function fairPrice(uint256 ammPrice, uint256 index, uint256 emaAmmPrice, uint256 emaIndex) external pure returns (uint256) {
        return PerpMath.fairPrice(ammPrice, index, emaAmmPrice, emaIndex);
    }
}

contract PriceImpactModule is IPriceImpact {
    /// The band a trade may move the pool price in: [EMA(pool) * MIN_FACTOR, EMA(pool) * MAX_FACTOR], factors WAD.
    uint256 public immutable MIN_FACTOR;
    uint256 public immutable MAX_FACTOR;
    /// Kept for the deployed getter; the double's bound is the factor band alone.
    uint256 public immutable MAX_DEVIATION;

    constructor(uint256 minFactor, uint256 maxFactor, uint256 maxDeviation) {
        (MIN_FACTOR, MAX_FACTOR, MAX_DEVIATION) = (minFactor, maxFactor, maxDeviation);
    }

    function sqrtPriceBounds(uint256, uint256, uint256 emaAmmPrice, uint256) external view returns (uint256 sqrtMin, uint256 sqrtMax) {
        sqrtMin = FixedPointMathLib.sqrt(FullMath.mulDiv(emaAmmPrice, MIN_FACTOR, PerpMath.WAD) * PerpMath.Q96);
        sqrtMax = FixedPointMathLib.sqrt(FullMath.mulDiv(emaAmmPrice, MAX_FACTOR, PerpMath.WAD) * PerpMath.Q96);
        if (sqrtMin <= TickMath.MIN_SQRT_PRICE) sqrtMin = TickMath.MIN_SQRT_PRICE + 1;
        if (sqrtMax >= TickMath.MAX_SQRT_PRICE) sqrtMax = TickMath.MAX_SQRT_PRICE - 1;
    }
}
