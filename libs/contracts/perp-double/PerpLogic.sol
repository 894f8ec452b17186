// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IPoolManager} from "@uniswap/v4-core/src/interfaces/IPoolManager.sol";
import {PoolKey} from "@uniswap/v4-core/src/types/PoolKey.sol";
import {PoolId, PoolIdLibrary} from "@uniswap/v4-core/src/types/PoolId.sol";
import {Currency} from "@uniswap/v4-core/src/types/Currency.sol";
import {BalanceDelta, BalanceDeltaLibrary, toBalanceDelta} from "@uniswap/v4-core/src/types/BalanceDelta.sol";
import {ModifyLiquidityParams, SwapParams} from "@uniswap/v4-core/src/types/PoolOperation.sol";
import {StateLibrary} from "@uniswap/v4-core/src/libraries/StateLibrary.sol";
import {TransientStateLibrary} from "@uniswap/v4-core/src/libraries/TransientStateLibrary.sol";
import {TickMath} from "@uniswap/v4-core/src/libraries/TickMath.sol";
import {SqrtPriceMath} from "@uniswap/v4-core/src/libraries/SqrtPriceMath.sol";
import {FullMath} from "@uniswap/v4-core/src/libraries/FullMath.sol";
import {ERC721} from "solady/src/tokens/ERC721.sol";
import {Ownable} from "solady/src/auth/Ownable.sol";
import {SafeTransferLib} from "solady/src/utils/SafeTransferLib.sol";
import {PerpMath} from "./libraries/PerpMath.sol";
import {AccountingToken} from "./tokens/Tokens.sol";
import {
    IFees,
    IFunding,
    IIndexBeacon,
    IMarginRatios,
    IPerpDeployer,
    IPriceImpact,
    IPricing,
    IProtocolFeeManager,
    PricePair
} from "./interfaces/IPerpModules.sol";

import {PerpBase} from "./PerpBase.sol";

/// @notice The double's taker adjust and liquidation and its maker operations. A Perp runs this code by delegatecall (the storage is the
/// Perp's); called directly it has no market and every call fails.
contract PerpLogic is PerpBase {
    using PoolIdLibrary for PoolKey;
    using StateLibrary for IPoolManager;
    using TransientStateLibrary for IPoolManager;
    using BalanceDeltaLibrary for BalanceDelta;
    using SafeTransferLib for address;

    // ------------------------------------------------------------------ takers

    function adjustTaker(AdjustTakerParams calldata params) external {
        Position memory p = _takerOf(params.posId);
        if (!_isApprovedOrOwner(msg.sender, params.posId)) revert UnauthorizedCaller();
        Snapshot memory s = _accrue();
        (int256 margin, int256 funding, uint256 utilFees) = _settleTaker(params.posId, p);

        if (params.marginDelta > 0) USDC.safeTransferFrom(msg.sender, address(this), uint128(params.marginDelta));
        margin += params.marginDelta;

        SwapResult memory sr;
        BalanceDelta before = BalanceDelta.wrap(p.delta);
        BalanceDelta next = before;
        if (params.perpDelta != 0) {
            sr = _swap(params.perpDelta, params.amt1Limit, s);
            margin -= sr.totalFeeAmt;
            next = before + BalanceDelta.wrap(sr.delta);
            _addOpenInterest(before.amount0(), next.amount0());
        }

        if (next.amount0() == 0) {
            // Fully closed: the USD leg is realised into the margin, which is paid out.
            margin += next.amount1();
            if (margin < 0) revert NegativeMargin();
            _closeTaker(params.posId, p.margin, margin);
            if (params.marginDelta < 0) revert NegativeMargin();
            emit TakerClosed(params.posId, sr, funding, utilFees, 0, false);
            return;
        }
        if (margin <= 0) revert NegativeMargin();
        (uint256 value, int256 pnl) = PerpMath.takerValPnl(next.amount0(), next.amount1(), s.mark);
        // Growing the exposure or withdrawing margin needs the initial ratio; anything else the liquidation ratio.
        bool risking = params.marginDelta < 0 || PerpMath.abs(next.amount0()) > PerpMath.abs(before.amount0());
        (uint24 initRatio,,) = IMarginRatios(modules.marginRatios).takerMarginRatios();
        if (!PerpMath.isHealthy(margin + pnl, value, risking ? initRatio : p.liqMarginRatio)) revert MarginRatioTooLow();

        positions[params.posId].delta = BalanceDelta.unwrap(next);
        positions[params.posId].margin = uint128(uint256(margin));
        _moveMargin(margin - int256(uint256(p.margin)));
        if (params.marginDelta < 0) USDC.safeTransfer(msg.sender, uint128(-params.marginDelta));
        emit TakerAdjusted(params.posId, sr, funding, utilFees);
    }

    /// Closes a taker whose integer health test fails at this block's mark: ratio < its liqMarginRatio.
    function liquidateTaker(uint256 posId, address liquidationFeeRecipient) external {
        Position memory p = _takerOf(posId);
        Snapshot memory s = _accrue();
        (int256 margin, int256 funding, uint256 utilFees) = _settleTaker(posId, p);
        BalanceDelta before = BalanceDelta.wrap(p.delta);
        (uint256 value, int256 pnl) = PerpMath.takerValPnl(before.amount0(), before.amount1(), s.mark);
        if (PerpMath.isHealthy(margin + pnl, value, p.liqMarginRatio)) revert NotLiquidatable();

        SwapResult memory sr = _swap(-before.amount0(), 0, s);
        _addOpenInterest(before.amount0(), 0);
        margin += before.amount1() + BalanceDelta.wrap(sr.delta).amount1() - sr.totalFeeAmt;
        uint256 liqFee = _payLiquidator(liquidationFeeRecipient, margin, value);
        _closeTaker(posId, p.margin, margin - int256(liqFee));
        emit TakerClosed(posId, sr, funding, utilFees, liqFee, true);
    }

    /// Charges the funding and utilization owed since the checkpoints and moves them to now.
    function _settleTaker(uint256 posId, Position memory p) internal returns (int256 margin, int256 funding, uint256 utilFees) {
        PerpMath.Cumulatives memory c = _cumls;
        int256 perp = BalanceDelta.wrap(p.delta).amount0();
        funding = PerpMath.fundingOwed(perp, c.fundingX96, p.lastCumlFundingX96);
        TakerDetails memory t = takerDetails[posId];
        utilFees = PerpMath.takerUtilOwed(perp, c.longUtilPaymentsX96, c.shortUtilPaymentsX96, t.lastLongUtilPaymentsX96, t.lastShortUtilPaymentsX96);
        margin = int256(uint256(p.margin)) - funding - int256(utilFees);
        positions[posId].lastCumlFundingX96 = c.fundingX96;
        takerDetails[posId] = TakerDetails(c.longUtilPaymentsX96, c.shortUtilPaymentsX96);
    }

    // ------------------------------------------------------------------ makers

    function openMaker(OpenMakerParams calldata params) external returns (uint256 posId) {
        if (params.liquidity == 0) revert ZeroLiquidity();
        if (params.margin < MIN_OPENING_MARGIN) revert MarginTooLow();
        if (
            params.tickLower >= params.tickUpper || params.tickLower < TickMath.minUsableTick(TICK_SPACING)
                || params.tickUpper > TickMath.maxUsableTick(TICK_SPACING)
        ) revert TicksOutOfBounds();
        Snapshot memory s = _accrue();
        USDC.safeTransferFrom(msg.sender, address(this), params.margin);
        posId = nextPosId++;
        (BalanceDelta delta,) = _modifyLiquidity(params.tickLower, params.tickUpper, int256(uint256(params.liquidity)), posId);
        if (PerpMath.abs(delta.amount0()) > params.maxAmt0In || PerpMath.abs(delta.amount1()) > params.maxAmt1In) revert MaxAmtExceeded();

        Capacity memory cap = _bandCapacity(params.tickLower, params.tickUpper, params.liquidity, s.sqrtPriceX96);
        (uint24 initRatio, uint24 liqRatio, uint24 backstopRatio) = IMarginRatios(modules.marginRatios).makerMarginRatios();
        (uint256 value, int256 equity) = _makerValue(params.tickLower, params.tickUpper, params.liquidity, delta, params.margin, s);
        if (!PerpMath.isHealthy(equity, value, initRatio)) revert MarginRatioTooLow();

        PerpMath.Cumulatives memory c = _cumls;
        positions[posId] = Position(BalanceDelta.unwrap(delta), params.margin, liqRatio, backstopRatio, c.fundingX96);
        _makerDetails[posId] = MakerDetails(
            params.tickLower,
            params.tickUpper,
            params.liquidity,
            c.longUtilEarningsX96,
            c.shortUtilEarningsX96,
            cap,
            MakerFunding(0, c.fundingX96, c.fundingDivSqrtPX96)
        );
        _cap.long += cap.long;
        _cap.short += cap.short;
        emit CapacityUpdated(_cap);
        _moveMargin(int256(uint256(params.margin)));
        _mint(params.holder, posId);
        emit MakerOpened(posId);
    }

    /// The double's maker adjust: a margin change, or the removal of all the liquidity (close).
    function adjustMaker(AdjustMakerParams calldata params) external {
        if (!_isApprovedOrOwner(msg.sender, params.posId)) revert UnauthorizedCaller();
        MakerDetails memory m = _makerOf(params.posId);
        if (params.liquidityDelta != 0 && params.liquidityDelta != -int128(m.liquidity)) revert ZeroLiquidity();
        _accrue();
        if (params.liquidityDelta == 0) {
            if (params.marginDelta > 0) USDC.safeTransferFrom(msg.sender, address(this), uint128(params.marginDelta));
            int256 margin = int256(uint256(positions[params.posId].margin)) + params.marginDelta;
            if (margin <= 0) revert NegativeMargin();
            positions[params.posId].margin = uint128(uint256(margin));
            _moveMargin(params.marginDelta);
            if (params.marginDelta < 0) USDC.safeTransfer(msg.sender, uint128(-params.marginDelta));
            emit MakerAdjusted(params.posId, 0, 0, 0, 0);
            return;
        }
        _closeMaker(params.posId, m, address(0), 0);
    }

    /// Closes a maker whose integer health test fails at this block's mark: equity = margin + band value
    /// at the mark + its deltas + utilization earnings + LP fees (no funding legs in the double).
    function liquidateMaker(uint256 posId, address liquidationFeeRecipient) external {
        MakerDetails memory m = _makerOf(posId);
        Snapshot memory s = _accrue();
        Position memory p = positions[posId];
        (uint256 value, int256 equity) = _makerValue(m.tickLower, m.tickUpper, m.liquidity, BalanceDelta.wrap(p.delta), p.margin, s);
        (uint256 longFees, uint256 shortFees) = _makerEarnings(m);
        equity += int256(longFees + shortFees + _makerLpFees(posId, m));
        if (PerpMath.isHealthy(equity, value, p.liqMarginRatio)) revert NotLiquidatable();
        _closeMaker(posId, m, liquidationFeeRecipient == address(0) ? msg.sender : liquidationFeeRecipient, value);
    }

    // ------------------------------------------------------------------ governance (owner; the deployed Perp puts these behind a timelock)

    function setBeacon(address newBeacon) external onlyOwner {
        _accrue();
        modules.beacon = newBeacon;
        emit SetBeacon(newBeacon);
    }

    function setFeesModule(address newFees) external onlyOwner {
        _accrue();
        modules.fees = newFees;
        emit SetFeesModule(newFees);
    }

    function setFundingModule(address newFunding) external onlyOwner {
        _accrue();
        modules.funding = newFunding;
        emit SetFundingModule(newFunding);
    }

    function setMarginRatiosModule(address newMarginRatios) external onlyOwner {
        modules.marginRatios = newMarginRatios;
        emit SetMarginRatiosModule(newMarginRatios);
    }

    function setPriceImpactModule(address newPriceImpact) external onlyOwner {
        modules.priceImpact = newPriceImpact;
        emit SetPriceImpactModule(newPriceImpact);
    }

    function setPricingModule(address newPricing) external onlyOwner {
        _accrue();
        modules.pricing = newPricing;
        emit SetPricingModule(newPricing);
    }

    function setName(string calldata newName) external onlyOwner {
        _name = newName;
        emit SetName(newName);
    }

    function setSymbol(string calldata newSymbol) external onlyOwner {
        _symbol = newSymbol;
        emit SetSymbol(newSymbol);
    }

    function setTokenURI(string calldata newTokenUri) external onlyOwner {
        _tokenUri = newTokenUri;
        emit SetTokenURI(newTokenUri);
    }

    function _makerOf(uint256 posId) internal view returns (MakerDetails memory m) {
        if (_ownerOf(posId) == address(0)) revert PositionDoesNotExist();
        m = _makerDetails[posId];
        if (m.liquidity == 0) revert NonMakerPosition();
    }

    /// Utilization earnings since the checkpoints, per side: floor(capacity * growth / 2^96).
    function _makerEarnings(MakerDetails memory m) internal view returns (uint256 long, uint256 short) {
        long = FullMath.mulDiv(m.capacity_.long, _cumls.longUtilEarningsX96 - m.lastLongUtilEarningsX96, PerpMath.Q96);
        short = FullMath.mulDiv(m.capacity_.short, _cumls.shortUtilEarningsX96 - m.lastShortUtilEarningsX96, PerpMath.Q96);
    }

    /// The LP fees (token1, USD atoms) the band earned since its last touch: floor(L * (inside - last) / 2^128), modular growth.
    function _makerLpFees(uint256 posId, MakerDetails memory m) internal view returns (uint256) {
        PoolId id = PoolId.wrap(POOL_ID);
        (, uint256 inside1) = MANAGER.getFeeGrowthInside(id, m.tickLower, m.tickUpper);
        (,, uint256 last1) = MANAGER.getPositionInfo(id, address(this), m.tickLower, m.tickUpper, bytes32(posId));
        unchecked {
            return FullMath.mulDiv(m.liquidity, inside1 - last1, 1 << 128);
        }
    }

    /// Removes the band, sells or buys back whatever perp it leaves on the pool, and settles the margin.
    function _closeMaker(uint256 posId, MakerDetails memory m, address liquidator, uint256 value) internal {
        uint128 recorded = positions[posId].margin;
        uint256[3] memory legs; // long util earnings, short util earnings, LP fees
        int256 margin = _unwindBand(posId, m, legs);
        _cap.long -= m.capacity_.long;
        _cap.short -= m.capacity_.short;
        if (liquidator == address(0)) {
            if (_oi.long > _cap.long) revert LongUtilizationExceeded();
            if (_oi.short > _cap.short) revert ShortUtilizationExceeded();
        }
        emit CapacityUpdated(_cap);
        uint256 liqFee = liquidator == address(0) ? 0 : _payLiquidator(liquidator, margin, value);
        delete _makerDetails[posId];
        _closeTaker(posId, recorded, margin - int256(liqFee));
        emit MakerClosed(posId, 0, legs[0], legs[1], legs[2], liqFee, liquidator != address(0));
    }

    /// Removes the liquidity and trades the leftover perp away; returns the settled margin.
    function _unwindBand(uint256 posId, MakerDetails memory m, uint256[3] memory legs) internal returns (int256 margin) {
        Position memory p = positions[posId];
        Snapshot memory s = _accrue();
        (BalanceDelta callerDelta, BalanceDelta fees) = _modifyLiquidity(m.tickLower, m.tickUpper, -int256(uint256(m.liquidity)), posId);
        BalanceDelta net = BalanceDelta.wrap(p.delta) + callerDelta - fees;
        (legs[0], legs[1]) = _makerEarnings(m);
        legs[2] = uint256(int256(fees.amount1()));
        margin = int256(uint256(p.margin) + legs[0] + legs[1] + legs[2]) + net.amount1();
        if (net.amount0() != 0) {
            SwapResult memory sr = _swap(-net.amount0(), 0, s);
            margin += BalanceDelta.wrap(sr.delta).amount1() - sr.totalFeeAmt;
        }
    }

    /// The liquidator's reward: min(max(margin, 0), floor(value * liqFee / 1e6)), paid at once.
    function _payLiquidator(address liquidator, int256 margin, uint256 value) internal returns (uint256 liqFee) {
        if (margin <= 0) return 0;
        liqFee = FullMath.mulDiv(value, IFees(modules.fees).liqFee(), E6);
        if (liqFee > uint256(margin)) liqFee = uint256(margin);
        if (liqFee > 0) USDC.safeTransfer(liquidator, liqFee);
    }

    /// What a band can back: the perp it holds above the pool price backs longs, the perp it would buy below backs shorts.
    function _bandCapacity(int24 tickLower, int24 tickUpper, uint128 liquidity, uint160 sqrtPriceX96)
        internal
        pure
        returns (Capacity memory cap)
    {
        uint160 sqrtLower = TickMath.getSqrtPriceAtTick(tickLower);
        uint160 sqrtUpper = TickMath.getSqrtPriceAtTick(tickUpper);
        uint160 mid = sqrtPriceX96 < sqrtLower ? sqrtLower : (sqrtPriceX96 > sqrtUpper ? sqrtUpper : sqrtPriceX96);
        cap.long = uint128(SqrtPriceMath.getAmount0Delta(mid, sqrtUpper, liquidity, false));
        cap.short = uint128(SqrtPriceMath.getAmount0Delta(sqrtLower, mid, liquidity, false));
    }

    /// A maker's value and equity at the mark: the band's amounts at the pool price (floored), valued at the mark,
    /// plus its deltas; equity = margin + pnl (earnings are added by the caller).
    function _makerValue(int24 tickLower, int24 tickUpper, uint128 liquidity, BalanceDelta delta, uint128 margin, Snapshot memory s)
        internal
        pure
        returns (uint256 value, int256 equity)
    {
        uint160 sqrtLower = TickMath.getSqrtPriceAtTick(tickLower);
        uint160 sqrtUpper = TickMath.getSqrtPriceAtTick(tickUpper);
        uint160 mid = s.sqrtPriceX96 < sqrtLower ? sqrtLower : (s.sqrtPriceX96 > sqrtUpper ? sqrtUpper : s.sqrtPriceX96);
        uint256 amount0 = SqrtPriceMath.getAmount0Delta(mid, sqrtUpper, liquidity, false);
        uint256 amount1 = SqrtPriceMath.getAmount1Delta(sqrtLower, mid, liquidity, false);
        value = FullMath.mulDiv(amount0, s.mark, PerpMath.Q96) + amount1;
        int256 perpValue = PerpMath.sFullMulDiv(delta.amount0(), int256(s.mark), PerpMath.Q96, false);
        equity = int256(uint256(margin)) + int256(value) + perpValue + delta.amount1();
    }

}
