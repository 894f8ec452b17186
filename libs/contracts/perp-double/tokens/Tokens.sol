// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "solady/src/tokens/ERC20.sol";
import {Ownable} from "solady/src/auth/Ownable.sol";

/// @notice The pool's two currencies: accounting tokens only the market's Perp mints and burns.
/// Clones (EIP-1167) of one implementation, initialised once by the factory.
contract AccountingToken is ERC20 {
    address public perp;
    string private _name;
    string private _symbol;

    error AlreadyInitialized();
    error NotPerp();

    function initialize(address perp_, string calldata name_, string calldata symbol_) external {
        if (perp != address(0)) revert AlreadyInitialized();
        (perp, _name, _symbol) = (perp_, name_, symbol_);
    }

    function name() public view override returns (string memory) {
        return _name;
    }

    function symbol() public view override returns (string memory) {
        return _symbol;
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external {
        if (msg.sender != perp) revert NotPerp();
        _mint(to, amount);
    }

    function burn(uint256 amount) external {
        if (msg.sender != perp) revert NotPerp();
        _burn(msg.sender, amount);
    }
}

/// @notice The dev chain's USDC: 6 decimals, anyone may mint (a faucet for bots and tests).
contract TestUSDC is ERC20 {
    function name() public pure override returns (string memory) {
        return "Test USD Coin";
    }

    function symbol() public pure override returns (string memory) {
        return "USDC";
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}

/// @notice The deployed ProtocolFeeManager's interface: one protocol fee (1e6 of notional) for every market.
contract ProtocolFeeManager is Ownable {
    uint256 public immutable MAX_PROTOCOL_FEE;
    uint256 public protocolFee;

    event ProtocolFeeSet(uint256 protocolFee);

    error ProtocolFeeTooHigh();

    constructor(address owner_, uint256 maxProtocolFee) {
        _initializeOwner(owner_);
        MAX_PROTOCOL_FEE = maxProtocolFee;
    }

    function setProtocolFee(uint256 newProtocolFee) external onlyOwner {
        if (newProtocolFee > MAX_PROTOCOL_FEE) revert ProtocolFeeTooHigh();
        protocolFee = newProtocolFee;
        emit ProtocolFeeSet(newProtocolFee);
    }

    function canCollectProtocolFees(address caller) external view returns (bool) {
        return caller == owner();
    }
}
