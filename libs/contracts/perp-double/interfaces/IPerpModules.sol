// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @notice The module interfaces a deployed Perp calls (StrobeLabs/perpcity-sdk src/abis, v0.2.2-upgradeable).

import {PricePair} from "../libraries/PerpMath.sol";

interface IIndexBeacon {
    function index() external view returns (uint256);
}

interface IFees {
    /// (creator fee, insurance fee, LP fee), each scaled by 1e6 of the traded notional.
    function fees() external view returns (uint24, uint24, uint24);
    function liqFee() external view returns (uint24);
    /// The utilization fees per day (WAD) of each side, from each side's utilization (E6).
    function utilFees(uint256 longUtilization, uint256 shortUtilization) external view returns (uint64 longFee, uint64 shortFee);
}

interface IFunding {
    /// Funding per day (WAD, + = longs pay shorts) from the spot pair and the EMAs.
    function funding(PricePair calldata spots, PricePair calldata emas) external view returns (int88);
}

interface IMarginRatios {
    /// (initial, liquidation, backstop), each scaled by 1e6.
    function makerMarginRatios() external view returns (uint24, uint24, uint24);
    function takerMarginRatios() external view returns (uint24, uint24, uint24);
}

interface IPriceImpact {
    function sqrtPriceBounds(uint256 ammPrice, uint256 index, uint256 emaAmmPrice, uint256 emaIndex)
        external
        view
        returns (uint256 sqrtMin, uint256 sqrtMax);
}

interface IPricing {
    function fairPrice(uint256 ammPrice, uint256 index, uint256 emaAmmPrice, uint256 emaIndex) external view returns (uint256);
}

interface IProtocolFeeManager {
    function protocolFee() external view returns (uint256);
    function canCollectProtocolFees(address caller) external view returns (bool);
}

/// @notice What a Perp of the double reads from the factory that deploys it (the deployed Perp
/// has these as chain constants; the double's factory takes them as constructor arguments).
interface IPerpDeployer {
    function POOL_MANAGER() external view returns (address);
    function USDC() external view returns (address);
    /// The logic (PerpLogic) a Perp runs by delegatecall.
    function LOGIC() external view returns (address);
}
