// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

/// @notice Strict signature recovery: only canonical 65-byte (r, s, v) signatures are accepted.
library Ecdsa {
    /// @dev secp256k1n / 2: a signature with a higher s has a twin (s' = n - s) that a replay
    /// guard keyed on signature bytes would not recognise (EIP-2).
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    /// @return signer the recovered address, or address(0) for any malformed signature.
    function recover(bytes32 hash, bytes calldata signature) internal pure returns (address signer) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > HALF_ORDER) return address(0);
        if (v != 27 && v != 28) return address(0);
        return ecrecover(hash, v, r, s);
    }
}
