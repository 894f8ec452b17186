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

/// @notice One Perp City market, the double: the deployed Perp's interface (v0.2.2-upgradeable),
/// our own implementation. Trades go through a real Uniswap v4 pool of two accounting tokens
/// (token0 = perp, token1 = USD) that this contract mints and burns; margin is real USDC.
/// What moves with time or price (EMAs, the fair-price mark, funding and utilization accrual,
/// the health test) is computed with PerpMath, the same formulas as libs/x96-math.
/// @notice Storage, types, events and the shared internals of the double's Perp and of its logic.
abstract contract PerpBase is ERC721, Ownable {
    using PoolIdLibrary for PoolKey;
    using StateLibrary for IPoolManager;
    using TransientStateLibrary for IPoolManager;
    using BalanceDeltaLibrary for BalanceDelta;
    using SafeTransferLib for address;

    // ------------------------------------------------------------------ types (deployed shapes)

    struct Modules {
        address beacon;
        address fees;
        address funding;
        address marginRatios;
        address priceImpact;
        address pricing;
    }

    struct Position {
        int256 delta; // packed BalanceDelta: amount0 perp atoms, amount1 USD atoms
        uint128 margin;
        uint24 liqMarginRatio;
        uint24 backstopMarginRatio;
        int256 lastCumlFundingX96;
    }

    struct TakerDetails {
        uint256 lastLongUtilPaymentsX96;
        uint256 lastShortUtilPaymentsX96;
    }

    struct Capacity {
        uint128 long;
        uint128 short;
    }

    struct MakerFunding {
        int256 belowX96;
        int256 withinX96;
        int256 divSqrtPriceWithinX96;
    }

    struct MakerDetails {
        int24 tickLower;
        int24 tickUpper;
        uint128 liquidity;
        uint256 lastLongUtilEarningsX96;
        uint256 lastShortUtilEarningsX96;
        Capacity capacity_;
        MakerFunding lastCumlFunding;
    }

    struct Rates {
        int88 fundingPerDay;
        uint64 longUtilFeePerDay;
        uint64 shortUtilFeePerDay;
        uint40 lastTouch;
    }

    struct FeeFund {
        uint80 insurance;
        uint80 creatorFees;
        uint80 protocolFees;
    }

    struct SolvencyState {
        uint128 badDebt;
        uint128 totalMargin;
    }

    struct SwapResult {
        int256 delta;
        uint256 ammPrice;
        int256 totalFeeAmt;
        uint256 lpFeeAmt;
        uint256 protocolFeeAmt;
        uint256 creatorFeeAmt;
        uint256 insuranceFeeAmt;
    }

    struct OpenTakerParams {
        address holder;
        uint128 margin;
        int256 perpDelta;
        uint256 amt1Limit;
    }

    struct AdjustTakerParams {
        uint256 posId;
        int128 marginDelta;
        int256 perpDelta;
        uint256 amt1Limit;
    }

    struct OpenMakerParams {
        address holder;
        uint128 margin;
        int24 tickLower;
        int24 tickUpper;
        uint128 liquidity;
        uint256 maxAmt0In;
        uint256 maxAmt1In;
    }

    struct AdjustMakerParams {
        uint256 posId;
        int128 marginDelta;
        int128 liquidityDelta;
        uint256 amt0Limit;
        uint256 amt1Limit;
    }

    // ------------------------------------------------------------------ events (deployed shapes)

    event CumulativesAccrued(PerpMath.Cumulatives cumls);
    event RatesAndEmasRefreshed(Rates rates, PricePair emas);
    event OpenInterestUpdated(Capacity oi);
    event CapacityUpdated(Capacity cap);
    event MarginTransferred(int128 marginDelta, uint128 totalMargin);
    event TakerOpened(uint256 posId, SwapResult sr);
    event TakerAdjusted(uint256 posId, SwapResult sr, int256 funding, uint256 utilFees);
    event TakerClosed(uint256 posId, SwapResult sr, int256 funding, uint256 utilFees, uint256 liqFee, bool isLiquidation);
    event MakerOpened(uint256 posId);
    event MakerAdjusted(uint256 posId, int256 funding, uint256 longUtilFees, uint256 shortUtilFees, uint256 lpFees);
    event SetBeacon(address indexed beacon);
    event SetFeesModule(address indexed fees);
    event SetFundingModule(address indexed funding);
    event SetMarginRatiosModule(address indexed marginRatios);
    event SetPriceImpactModule(address indexed priceImpact);
    event SetPricingModule(address indexed pricing);
    event SetName(string name);
    event SetSymbol(string symbol);
    event SetTokenURI(string tokenUri);
    event MakerClosed(
        uint256 posId, int256 funding, uint256 longUtilFees, uint256 shortUtilFees, uint256 lpFees, uint256 liqFee, bool isLiquidation
    );
    event BadDebtAccounted(uint256 badDebt, uint256 insuranceAfter, uint128 badDebtAfter);
    event Donated(address donor, uint128 amount, uint128 badDebt, uint80 insurance);
    event CreatorFeesCollected(uint256 amount, address recipient);
    event ProtocolFeesCollected(uint256 amount, address recipient);
    event ProtocolFeeSynced(uint256 protocolFee);

    // ------------------------------------------------------------------ errors (deployed names)

    error ZeroDelta();
    error ZeroLiquidity();
    error MarginTooLow();
    error MarginRatioTooLow();
    error NegativeMargin();
    error NotPoolManager();
    error NotLiquidatable();
    error NonMakerPosition();
    error NonTakerPosition();
    error PositionDoesNotExist();
    error MaxAmtExceeded();
    error MinAmtUnmet();
    error PriceImpactTooHigh();
    error InsufficientLiquidityToFill();
    error LongUtilizationExceeded();
    error ShortUtilizationExceeded();
    error TicksOutOfBounds();
    error UnauthorizedCaller();
    error NoSystemFunds();

    // ------------------------------------------------------------------ constants and configuration

    /// The deployed MIN_OPENING_MARGIN: 5 USDC.
    uint256 internal constant MIN_OPENING_MARGIN = 5e6;
    uint256 internal constant E6 = 1e6;

    // The deployed Perp holds these as immutables. The double keeps them in storage so that the maker
    // logic, which runs by delegatecall from the Perp (to keep each contract under 24 KB), reads the Perp's.
    address public PROTOCOL_FEE_MANAGER;
    bytes32 public POOL_ID;
    uint256 public EMA_WINDOW;
    address public CURRENCY_0;
    address public CURRENCY_1;
    IPoolManager internal MANAGER;
    address internal USDC;
    uint24 internal POOL_FEE;
    int24 internal TICK_SPACING;
    address internal LOGIC;

    // ------------------------------------------------------------------ state

    string internal _name;
    string internal _symbol;
    string internal _tokenUri;
    Modules public modules;
    uint256 public nextPosId = 1;
    uint256 public protocolFee;

    mapping(uint256 => Position) public positions;
    mapping(uint256 => TakerDetails) public takerDetails;
    mapping(uint256 => MakerDetails) internal _makerDetails;

    Rates internal _rates;
    PricePair internal _emas;
    PerpMath.Cumulatives internal _cumls;
    Capacity internal _oi;
    Capacity internal _cap;
    FeeFund internal _feeFund;
    SolvencyState internal _solvency;

    /// The market at one block after accrual: what every valuation uses.
    struct Snapshot {
        uint160 sqrtPriceX96;
        uint256 ammPrice;
        uint256 index;
        PricePair emas;
        uint256 mark;
    }

    // ------------------------------------------------------------------ ERC721 metadata

    function name() public view override returns (string memory) {
        return _name;
    }

    function symbol() public view override returns (string memory) {
        return _symbol;
    }

    function tokenURI(uint256) public view override returns (string memory) {
        return _tokenUri;
    }

    // ------------------------------------------------------------------ views
    function poolKey() public view returns (PoolKey memory key) {
        key.currency0 = Currency.wrap(CURRENCY_0);
        key.currency1 = Currency.wrap(CURRENCY_1);
        key.fee = POOL_FEE;
        key.tickSpacing = TICK_SPACING;
    }


    // ------------------------------------------------------------------ accrual
    function _accrue() internal returns (Snapshot memory s) {
        (s.sqrtPriceX96,,,) = MANAGER.getSlot0(PoolId.wrap(POOL_ID));
        s.ammPrice = PerpMath.priceX96FromSqrtPriceX96(s.sqrtPriceX96);
        s.index = IIndexBeacon(modules.beacon).index();
        Rates memory r = _rates;
        PricePair memory spots = PricePair(uint128(s.ammPrice), uint128(s.index));
        s.emas = PerpMath.advanceEmas(_emas, spots, r.lastTouch, block.timestamp, EMA_WINDOW);
        s.mark = IPricing(modules.pricing).fairPrice(s.ammPrice, s.index, s.emas.ammPrice, s.emas.index);
        if (block.timestamp > r.lastTouch) {
            PerpMath.Cumulatives memory next = PerpMath.accrue(
                _cumls,
                PerpMath.AccrualInputs({
                    fundingPerDay: r.fundingPerDay,
                    longUtilFeePerDay: r.longUtilFeePerDay,
                    shortUtilFeePerDay: r.shortUtilFeePerDay,
                    lastTouch: r.lastTouch,
                    timestamp: block.timestamp,
                    oiLong: _oi.long,
                    oiShort: _oi.short,
                    capLong: _cap.long,
                    capShort: _cap.short,
                    markPriceX96: s.mark,
                    sqrtPriceX96: s.sqrtPriceX96
                })
            );
            _cumls = next;
            emit CumulativesAccrued(next);
            _emas = s.emas;
            _rates.lastTouch = uint40(block.timestamp);
            _refreshRates(spots, s.emas);
        }
    }

    function _refreshRates(PricePair memory spots, PricePair memory emas_) internal {
        Modules memory m = modules;
        _rates.fundingPerDay = IFunding(m.funding).funding(spots, emas_);
        (_rates.longUtilFeePerDay, _rates.shortUtilFeePerDay) =
            IFees(m.fees).utilFees(_utilizationE6(_oi.long, _cap.long), _utilizationE6(_oi.short, _cap.short));
        emit RatesAndEmasRefreshed(_rates, emas_);
    }

    function _utilizationE6(uint256 oi, uint256 cap) internal pure returns (uint256) {
        return cap == 0 ? (oi == 0 ? 0 : E6) : FullMath.mulDiv(oi, E6, cap);
    }


    // ------------------------------------------------------------------ positions
    /// Pays out what is left of a closed position (a loss past zero is bad debt) and burns its token.
    function _closeTaker(uint256 posId, uint128 recordedMargin, int256 finalMargin) internal {
        address holder = _ownerOf(posId);
        _moveMargin(-int256(uint256(recordedMargin)));
        if (finalMargin > 0) USDC.safeTransfer(holder, uint256(finalMargin));
        else if (finalMargin < 0) _accountBadDebt(uint256(-finalMargin));
        delete positions[posId];
        delete takerDetails[posId];
        _burn(posId);
    }

    function _accountBadDebt(uint256 loss) internal {
        uint256 covered = loss < _feeFund.insurance ? loss : _feeFund.insurance;
        _feeFund.insurance -= uint80(covered);
        _solvency.badDebt += uint128(loss - covered);
        emit BadDebtAccounted(loss, _feeFund.insurance, _solvency.badDebt);
    }

    function _addOpenInterest(int256 beforePerp, int256 afterPerp) internal {
        Capacity memory oi = _oi;
        if (beforePerp > 0) oi.long -= uint128(uint256(beforePerp));
        else oi.short -= uint128(PerpMath.abs(beforePerp));
        if (afterPerp > 0) oi.long += uint128(uint256(afterPerp));
        else oi.short += uint128(PerpMath.abs(afterPerp));
        // Only a side that grew is held to its capacity: closing never fails on the other side's use.
        if (oi.long > _oi.long && oi.long > _cap.long) revert LongUtilizationExceeded();
        if (oi.short > _oi.short && oi.short > _cap.short) revert ShortUtilizationExceeded();
        _oi = oi;
        emit OpenInterestUpdated(oi);
    }

    function _moveMargin(int256 amount) internal {
        _solvency.totalMargin = uint128(uint256(int256(uint256(_solvency.totalMargin)) + amount));
        emit MarginTransferred(int128(amount), _solvency.totalMargin);
    }


    // ------------------------------------------------------------------ the pool
    /// Buys (perpDelta > 0, exact output) or sells (exact input) perp on the pool within the
    /// price-impact band, charges the trading fees on the USD leg and donates the LP fee to the pool.
    function _swap(int256 perpDelta, uint256 amt1Limit, Snapshot memory s) internal returns (SwapResult memory sr) {
        (uint256 sqrtMin, uint256 sqrtMax) =
            IPriceImpact(modules.priceImpact).sqrtPriceBounds(s.ammPrice, s.index, s.emas.ammPrice, s.emas.index);
        bool buy = perpDelta > 0;
        uint160 limit = uint160(buy ? sqrtMax : sqrtMin);
        (uint24 creatorFee, uint24 insuranceFee, uint24 lpFee) = IFees(modules.fees).fees();
        BalanceDelta delta = abi.decode(MANAGER.unlock(abi.encode(uint8(0), abi.encode(perpDelta, limit, lpFee))), (BalanceDelta));
        (uint160 sqrtAfter,,,) = MANAGER.getSlot0(PoolId.wrap(POOL_ID));
        if (PerpMath.abs(delta.amount0()) != PerpMath.abs(perpDelta)) {
            if (sqrtAfter == limit) revert PriceImpactTooHigh();
            revert InsufficientLiquidityToFill();
        }
        uint256 usd = PerpMath.abs(delta.amount1());
        if (amt1Limit != 0) {
            if (buy && usd > amt1Limit) revert MaxAmtExceeded();
            if (!buy && usd < amt1Limit) revert MinAmtUnmet();
        }
        sr.delta = BalanceDelta.unwrap(delta);
        sr.ammPrice = PerpMath.priceX96FromSqrtPriceX96(sqrtAfter);
        sr.lpFeeAmt = FullMath.mulDiv(usd, lpFee, E6);
        sr.creatorFeeAmt = FullMath.mulDiv(usd, creatorFee, E6);
        sr.insuranceFeeAmt = FullMath.mulDiv(usd, insuranceFee, E6);
        sr.protocolFeeAmt = FullMath.mulDiv(usd, protocolFee, E6);
        sr.totalFeeAmt = int256(sr.lpFeeAmt + sr.creatorFeeAmt + sr.insuranceFeeAmt + sr.protocolFeeAmt);
        _feeFund.creatorFees += uint80(sr.creatorFeeAmt);
        _feeFund.insurance += uint80(sr.insuranceFeeAmt);
        _feeFund.protocolFees += uint80(sr.protocolFeeAmt);
    }

    function _modifyLiquidity(int24 tickLower, int24 tickUpper, int256 liquidityDelta, uint256 posId)
        internal
        returns (BalanceDelta callerDelta, BalanceDelta feesAccrued)
    {
        bytes memory result = MANAGER.unlock(abi.encode(uint8(1), abi.encode(tickLower, tickUpper, liquidityDelta, bytes32(posId))));
        (callerDelta, feesAccrued) = abi.decode(result, (BalanceDelta, BalanceDelta));
    }

    function _takerOf(uint256 posId) internal view returns (Position memory p) {
        p = positions[posId];
        if (_ownerOf(posId) == address(0)) revert PositionDoesNotExist();
        if (_makerDetails[posId].liquidity != 0) revert NonTakerPosition();
    }
}
