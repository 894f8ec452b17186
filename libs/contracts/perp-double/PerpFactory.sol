// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IPoolManager} from "@uniswap/v4-core/src/interfaces/IPoolManager.sol";
import {IHooks} from "@uniswap/v4-core/src/interfaces/IHooks.sol";
import {PoolKey} from "@uniswap/v4-core/src/types/PoolKey.sol";
import {PoolId, PoolIdLibrary} from "@uniswap/v4-core/src/types/PoolId.sol";
import {Currency} from "@uniswap/v4-core/src/types/Currency.sol";
import {LibClone} from "solady/src/utils/LibClone.sol";
import {FixedPointMathLib} from "solady/src/utils/FixedPointMathLib.sol";
import {PerpMath} from "./libraries/PerpMath.sol";
import {IIndexBeacon, IPerpDeployer, IProtocolFeeManager} from "./interfaces/IPerpModules.sol";
import {AccountingToken} from "./tokens/Tokens.sol";
import {Perp} from "./Perp.sol";
import {PerpBase} from "./PerpBase.sol";

/// @notice The double's PerpFactory: the deployed `createPerp` and `PerpCreated`. Each market gets
/// two fresh accounting tokens (clones), a Perp, and a Uniswap v4 pool (fee 0, tick spacing 30, no
/// hooks) on the real PoolManager, initialised at the beacon's index.
contract PerpFactory is IPerpDeployer {
    using PoolIdLibrary for PoolKey;

    /// The pool grid of every market (the deployed markets' spacing).
    int24 public constant TICK_SPACING = 30;
    /// Prices a market may open at (X96), the SDK's MIN_PRICE / MAX_PRICE: 1e-6 and 1e6 USD per perp.
    uint256 internal constant MIN_START_PRICE_X96 = PerpMath.Q96 / 1e6;
    uint256 internal constant MAX_START_PRICE_X96 = PerpMath.Q96 * 1e6;
    /// The shortest EMA window the factory accepts, seconds.
    uint24 public constant MIN_EMA_WINDOW = 60;

    address public immutable ACCOUNTING_TOKEN_IMPLEMENTATION;
    address public immutable PROTOCOL_FEE_MANAGER;
    address public immutable POOL_MANAGER;
    address public immutable USDC;
    address public immutable LOGIC;

    mapping(address => bool) public perps;

    event PerpCreated(
        address perp,
        bytes32 poolId,
        PerpBase.Modules modules,
        uint256 initialIndex,
        uint24 emaWindow,
        uint256 protocolFee,
        uint160 sqrtPriceX96,
        int24 tick,
        address owner,
        string name,
        string symbol,
        string tokenUri
    );

    error EmaWindowTooLow();
    error NotPoolManager();
    error StartingPriceTooHigh();
    error StartingPriceTooLow();

    /// The deployed constructor is (accountingTokenImplementation, protocolFeeManager); the double also
    /// takes what the deployed contracts have as chain constants (the PoolManager, USDC) and the
    /// logic its Perps delegate to.
    constructor(address accountingTokenImplementation, address protocolFeeManager, address poolManager, address usdc, address makerLogic) {
        ACCOUNTING_TOKEN_IMPLEMENTATION = accountingTokenImplementation;
        PROTOCOL_FEE_MANAGER = protocolFeeManager;
        POOL_MANAGER = poolManager;
        USDC = usdc;
        LOGIC = makerLogic;
    }

    function createPerp(
        address owner,
        string memory name,
        string memory symbol,
        string memory tokenUri,
        PerpBase.Modules memory modules,
        uint24 emaWindow,
        bytes32 salt
    ) external returns (address perp) {
        if (emaWindow < MIN_EMA_WINDOW) revert EmaWindowTooLow();
        uint256 index = IIndexBeacon(modules.beacon).index();
        if (index < MIN_START_PRICE_X96) revert StartingPriceTooLow();
        if (index > MAX_START_PRICE_X96) revert StartingPriceTooHigh();

        PoolKey memory key = _newPoolKey(keccak256(abi.encode(msg.sender, salt)));
        perp = address(new Perp{salt: salt}(PROTOCOL_FEE_MANAGER, owner, name, symbol, tokenUri, modules, key, emaWindow, uint128(index)));
        perps[perp] = true;
        AccountingToken(Currency.unwrap(key.currency0)).initialize(perp, string.concat(symbol, " perp"), "PERP");
        AccountingToken(Currency.unwrap(key.currency1)).initialize(perp, string.concat(symbol, " usd"), "USD");

        // The pool opens at the index: sqrtPriceX96 = floor(sqrt(index * 2^96)).
        uint160 sqrtPriceX96 = uint160(FixedPointMathLib.sqrt(index * PerpMath.Q96));
        int24 tick = IPoolManager(POOL_MANAGER).initialize(key, sqrtPriceX96);
        _emitCreated(
            Created(perp, PoolId.unwrap(key.toId()), index, emaWindow, sqrtPriceX96, tick, owner), modules, name, symbol, tokenUri
        );
    }

    struct Created {
        address perp;
        bytes32 poolId;
        uint256 initialIndex;
        uint24 emaWindow;
        uint160 sqrtPriceX96;
        int24 tick;
        address owner;
    }

    /// Emitted from memory, so that the twelve fields fit the legacy code generator's stack.
    function _emitCreated(
        Created memory c,
        PerpBase.Modules memory modules,
        string memory name,
        string memory symbol,
        string memory tokenUri
    ) internal {
        emit PerpCreated(
            c.perp,
            c.poolId,
            modules,
            c.initialIndex,
            c.emaWindow,
            IProtocolFeeManager(PROTOCOL_FEE_MANAGER).protocolFee(),
            c.sqrtPriceX96,
            c.tick,
            c.owner,
            name,
            symbol,
            tokenUri
        );
    }

    /// Two accounting-token clones, the lower address as currency0 (the perp token), as v4 orders them.
    function _newPoolKey(bytes32 seed) internal returns (PoolKey memory key) {
        address a = LibClone.cloneDeterministic(ACCOUNTING_TOKEN_IMPLEMENTATION, keccak256(abi.encode(seed, 0)));
        address b = LibClone.cloneDeterministic(ACCOUNTING_TOKEN_IMPLEMENTATION, keccak256(abi.encode(seed, 1)));
        (address perpToken, address usdToken) = a < b ? (a, b) : (b, a);
        key = PoolKey(Currency.wrap(perpToken), Currency.wrap(usdToken), 0, TICK_SPACING, IHooks(address(0)));
    }

    /// The deployed factory's callback; the double's factory never unlocks the pool manager.
    function unlockCallback(bytes calldata) external view returns (bytes memory) {
        if (msg.sender != POOL_MANAGER) revert NotPoolManager();
        return "";
    }
}
