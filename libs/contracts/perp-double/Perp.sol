// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IUnlockCallback} from "@uniswap/v4-core/src/interfaces/callback/IUnlockCallback.sol";

import {IPoolManager} from "@uniswap/v4-core/src/interfaces/IPoolManager.sol";
import {IUnlockCallback} from "@uniswap/v4-core/src/interfaces/callback/IUnlockCallback.sol";
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

/// @notice One Perp City market, the double: the deployed Perp's interface (v0.2.2-upgradeable),
/// our own implementation. Trades go through a real Uniswap v4 pool of two accounting tokens
/// (token0 = perp, token1 = USD) that this contract mints and burns; margin is real USDC.
/// What moves with time or price (EMAs, the fair-price mark, funding and utilization accrual,
/// the health test) is computed with PerpMath, the same formulas as libs/x96-math.
contract Perp is PerpBase, IUnlockCallback {
    using PoolIdLibrary for PoolKey;
    using StateLibrary for IPoolManager;
    using TransientStateLibrary for IPoolManager;
    using BalanceDeltaLibrary for BalanceDelta;
    using SafeTransferLib for address;

    constructor(
        address protocolFeeManager,
        address owner_,
        string memory name_,
        string memory symbol_,
        string memory tokenUri_,
        Modules memory modules_,
        PoolKey memory poolKey_,
        uint24 emaWindow,
        uint128 index
    ) {
        _initializeOwner(owner_);
        PROTOCOL_FEE_MANAGER = protocolFeeManager;
        // The deployed Perp has these as chain constants; the double reads them from its factory.
        MANAGER = IPoolManager(IPerpDeployer(msg.sender).POOL_MANAGER());
        USDC = IPerpDeployer(msg.sender).USDC();
        LOGIC = IPerpDeployer(msg.sender).LOGIC();
        POOL_ID = PoolId.unwrap(poolKey_.toId());
        EMA_WINDOW = emaWindow;
        CURRENCY_0 = Currency.unwrap(poolKey_.currency0);
        CURRENCY_1 = Currency.unwrap(poolKey_.currency1);
        POOL_FEE = poolKey_.fee;
        TICK_SPACING = poolKey_.tickSpacing;
        (_name, _symbol, _tokenUri) = (name_, symbol_, tokenUri_);
        modules = modules_;
        protocolFee = IProtocolFeeManager(protocolFeeManager).protocolFee();
        // The pool opens at the index: both EMAs start there.
        _emas = PricePair(index, index);
        _rates.lastTouch = uint40(block.timestamp);
        _refreshRates(PricePair(index, index), _emas);
    }

    // ------------------------------------------------------------------ views

    function poolState() external view returns (int24 tick, uint160 sqrtPriceX96, uint256 ammPriceX96, uint128 liquidity) {
        (sqrtPriceX96, tick,,) = MANAGER.getSlot0(PoolId.wrap(POOL_ID));
        ammPriceX96 = PerpMath.priceX96FromSqrtPriceX96(sqrtPriceX96);
        liquidity = MANAGER.getLiquidity(PoolId.wrap(POOL_ID));
    }

    function rates() external view returns (int88 fundingPerDay, uint64 longUtilFeePerDay, uint64 shortUtilFeePerDay, uint40 lastTouch) {
        Rates memory r = _rates;
        return (r.fundingPerDay, r.longUtilFeePerDay, r.shortUtilFeePerDay, r.lastTouch);
    }

    function emas() external view returns (uint128 ammPrice, uint128 index) {
        return (_emas.ammPrice, _emas.index);
    }

    function cumulatives()
        external
        view
        returns (
            int256 fundingX96,
            int256 fundingDivSqrtPX96,
            uint256 longUtilPaymentsX96,
            uint256 shortUtilPaymentsX96,
            uint256 longUtilEarningsX96,
            uint256 shortUtilEarningsX96
        )
    {
        PerpMath.Cumulatives memory c = _cumls;
        return (c.fundingX96, c.fundingDivSqrtPX96, c.longUtilPaymentsX96, c.shortUtilPaymentsX96, c.longUtilEarningsX96, c.shortUtilEarningsX96);
    }

    function openInterest() external view returns (uint128 long, uint128 short) {
        return (_oi.long, _oi.short);
    }

    function capacity() external view returns (uint128 long, uint128 short) {
        return (_cap.long, _cap.short);
    }

    function feeFund() external view returns (uint80 insurance, uint80 creatorFees, uint80 protocolFees) {
        return (_feeFund.insurance, _feeFund.creatorFees, _feeFund.protocolFees);
    }

    function solvencyState() external view returns (uint128 badDebt, uint128 totalMargin) {
        return (_solvency.badDebt, _solvency.totalMargin);
    }

    function makerDetails(uint256 posId)
        external
        view
        returns (
            int24 tickLower,
            int24 tickUpper,
            uint128 liquidity,
            uint256 lastLongUtilEarningsX96,
            uint256 lastShortUtilEarningsX96,
            Capacity memory capacity_,
            MakerFunding memory lastCumlFunding
        )
    {
        MakerDetails memory m = _makerDetails[posId];
        return (m.tickLower, m.tickUpper, m.liquidity, m.lastLongUtilEarningsX96, m.lastShortUtilEarningsX96, m.capacity_, m.lastCumlFunding);
    }


    // ------------------------------------------------------------------ accrual

    /// Advances the EMAs and the cumulatives to this block and refreshes the rates.
    function touch() external {
        _accrue();
    }


    // ------------------------------------------------------------------ takers

    function adjustTaker(AdjustTakerParams calldata) external {
        _delegateToLogic();
    }

    function liquidateTaker(uint256, address) external {
        _delegateToLogic();
    }

    function openTaker(OpenTakerParams calldata params) external returns (uint256 posId) {
        if (params.perpDelta == 0) revert ZeroDelta();
        if (params.margin < MIN_OPENING_MARGIN) revert MarginTooLow();
        Snapshot memory s = _accrue();
        USDC.safeTransferFrom(msg.sender, address(this), params.margin);

        SwapResult memory sr = _swap(params.perpDelta, params.amt1Limit, s);
        int256 margin = int256(uint256(params.margin)) - sr.totalFeeAmt;
        if (margin <= 0) revert NegativeMargin();

        (uint24 initRatio, uint24 liqRatio, uint24 backstopRatio) = IMarginRatios(modules.marginRatios).takerMarginRatios();
        BalanceDelta delta = BalanceDelta.wrap(sr.delta);
        (uint256 value, int256 pnl) = PerpMath.takerValPnl(delta.amount0(), delta.amount1(), s.mark);
        if (!PerpMath.isHealthy(margin + pnl, value, initRatio)) revert MarginRatioTooLow();

        posId = nextPosId++;
        positions[posId] = Position(sr.delta, uint128(uint256(margin)), liqRatio, backstopRatio, _cumls.fundingX96);
        takerDetails[posId] = TakerDetails(_cumls.longUtilPaymentsX96, _cumls.shortUtilPaymentsX96);
        _addOpenInterest(0, delta.amount0());
        _moveMargin(margin);
        _mint(params.holder, posId);
        emit TakerOpened(posId, sr);
    }






    // ------------------------------------------------------------------ the pool

    function unlockCallback(bytes calldata data) external returns (bytes memory encodedDelta) {
        if (msg.sender != address(MANAGER)) revert NotPoolManager();
        (uint8 kind, bytes memory args) = abi.decode(data, (uint8, bytes));
        PoolKey memory key = poolKey();
        if (kind == 0) {
            (int256 perpDelta, uint160 limit, uint24 lpFee) = abi.decode(args, (int256, uint160, uint24));
            // v4 sign convention: a positive amountSpecified is an exact output, a negative one an exact input.
            BalanceDelta delta = MANAGER.swap(key, SwapParams(perpDelta < 0, perpDelta, limit), "");
            uint256 lpFeeAmt = FullMath.mulDiv(PerpMath.abs(delta.amount1()), lpFee, E6);
            // The LP fee goes to in-range liquidity as token1 fee growth; without any, it stays with the insurance.
            if (lpFeeAmt > 0) {
                if (MANAGER.getLiquidity(PoolId.wrap(POOL_ID)) > 0) MANAGER.donate(key, 0, lpFeeAmt, "");
                else _feeFund.insurance += uint80(lpFeeAmt);
            }
            encodedDelta = abi.encode(delta);
        } else {
            (int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt) = abi.decode(args, (int24, int24, int256, bytes32));
            (BalanceDelta callerDelta, BalanceDelta feesAccrued) =
                MANAGER.modifyLiquidity(key, ModifyLiquidityParams(tickLower, tickUpper, liquidityDelta, salt), "");
            encodedDelta = abi.encode(callerDelta, feesAccrued);
        }
        _settleCurrency(CURRENCY_0);
        _settleCurrency(CURRENCY_1);
    }

    /// Pays what this contract owes the pool manager by minting accounting tokens to it, and burns what it is owed.
    function _settleCurrency(address currency) internal {
        int256 owed = MANAGER.currencyDelta(address(this), Currency.wrap(currency));
        if (owed < 0) {
            MANAGER.sync(Currency.wrap(currency));
            AccountingToken(currency).mint(address(MANAGER), uint256(-owed));
            MANAGER.settle();
        } else if (owed > 0) {
            MANAGER.take(Currency.wrap(currency), address(this), uint256(owed));
            AccountingToken(currency).burn(uint256(owed));
        }
    }


    // ------------------------------------------------------------------ makers (run by delegatecall in PerpLogic, so that each contract stays under 24 KB)

    function openMaker(OpenMakerParams calldata) external returns (uint256) {
        _delegateToLogic();
    }

    function adjustMaker(AdjustMakerParams calldata) external {
        _delegateToLogic();
    }

    function liquidateMaker(uint256, address) external {
        _delegateToLogic();
    }

    // ------------------------------------------------------------------ governance (run by delegatecall in PerpLogic)

    function setBeacon(address) external {
        _delegateToLogic();
    }

    function setFeesModule(address) external {
        _delegateToLogic();
    }

    function setFundingModule(address) external {
        _delegateToLogic();
    }

    function setMarginRatiosModule(address) external {
        _delegateToLogic();
    }

    function setPriceImpactModule(address) external {
        _delegateToLogic();
    }

    function setPricingModule(address) external {
        _delegateToLogic();
    }

    function setName(string calldata) external {
        _delegateToLogic();
    }

    function setSymbol(string calldata) external {
        _delegateToLogic();
    }

    function setTokenURI(string calldata) external {
        _delegateToLogic();
    }

    function _delegateToLogic() internal {
        address logic = LOGIC;
        assembly ("memory-safe") {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), logic, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }

    // ------------------------------------------------------------------ fee fund

    function donate(uint128 amount) external {
        USDC.safeTransferFrom(msg.sender, address(this), amount);
        uint128 repaid = amount < _solvency.badDebt ? amount : _solvency.badDebt;
        _solvency.badDebt -= repaid;
        _feeFund.insurance += uint80(amount - repaid);
        emit Donated(msg.sender, amount, _solvency.badDebt, _feeFund.insurance);
    }

    function collectCreatorFees(address recipient) external onlyOwner {
        uint256 amount = _feeFund.creatorFees;
        _feeFund.creatorFees = 0;
        USDC.safeTransfer(recipient, amount);
        emit CreatorFeesCollected(amount, recipient);
    }

    function collectProtocolFees(address recipient) external {
        if (!IProtocolFeeManager(PROTOCOL_FEE_MANAGER).canCollectProtocolFees(msg.sender)) revert UnauthorizedCaller();
        uint256 amount = _feeFund.protocolFees;
        if (amount == 0) revert NoSystemFunds();
        _feeFund.protocolFees = 0;
        USDC.safeTransfer(recipient, amount);
        emit ProtocolFeesCollected(amount, recipient);
    }

    function syncProtocolFee() external {
        protocolFee = IProtocolFeeManager(PROTOCOL_FEE_MANAGER).protocolFee();
        emit ProtocolFeeSynced(protocolFee);
    }
}
