// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.28;

import {IDeployedEcdsaVerifierAdapter} from "../solidity/interfaces/IDeployedEcdsaVerifierAdapter.sol";

/// @notice Test double of the deployed Perp City ECDSA verifier adapter, written from its public
/// interface and from what its published bytecode answers on a local chain: an EIP-712 domain
/// ("ECDSAVerifierAdapter", "1", chainId, this adapter) readable through EIP-5267, the struct hash
/// keccak256(abi.encode(MEASUREMENT_TYPEHASH, measurement, nonce)), no deadline, no bound beacon,
/// `verify` open to any caller, and replays refused by the hash of the canonical (low-s)
/// signature, so a high-s twin is the same proof. Never deploy outside tests and the dev chain.
contract DeployedEcdsaVerifierAdapterDouble is IDeployedEcdsaVerifierAdapter {
    /// @dev The deployed adapter's typehash, as its bytecode holds it (its type string is not public).
    bytes32 public constant override MEASUREMENT_TYPEHASH = 0xca1f8a8dd43e22efc1758f6282e4321e497ddcc177ca5e62fbbdea89a83de467;
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    string private constant NAME = "ECDSAVerifierAdapter";
    string private constant VERSION = "1";
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;
    uint256 private constant ORDER = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141;

    address public immutable override SIGNER;
    uint256 private immutable CACHED_CHAIN_ID;
    bytes32 private immutable CACHED_DOMAIN_SEPARATOR;

    mapping(bytes32 => bool) public override usedProofs;

    constructor(address signer) {
        SIGNER = signer;
        CACHED_CHAIN_ID = block.chainid;
        CACHED_DOMAIN_SEPARATOR = _buildDomainSeparator();
    }

    function domainSeparator() public view override returns (bytes32) {
        return block.chainid == CACHED_CHAIN_ID ? CACHED_DOMAIN_SEPARATOR : _buildDomainSeparator();
    }

    function digest(uint256 measurement, uint256 nonce) public view override returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), keccak256(abi.encode(MEASUREMENT_TYPEHASH, measurement, nonce))));
    }

    function eip712Domain()
        external
        view
        override
        returns (
            bytes1 fields,
            string memory name,
            string memory version,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] memory extensions
        )
    {
        return (hex"0f", NAME, VERSION, block.chainid, address(this), bytes32(0), new uint256[](0));
    }

    function verify(bytes calldata proof, bytes calldata inputs) external override returns (uint256) {
        (uint256 measurement, uint256 nonce) = abi.decode(inputs, (uint256, uint256));
        if (proof.length != 65) revert InvalidSignature();
        bytes32 r = bytes32(proof[0:32]);
        uint256 s = uint256(bytes32(proof[32:64]));
        uint8 v = uint8(proof[64]);
        if (v != 27 && v != 28) revert InvalidSignature();
        if (s > HALF_ORDER) {
            // The twin (n - s, the other v) recovers the same key: one proof, one hash.
            s = ORDER - s;
            v = v == 27 ? 28 : 27;
        }
        if (ecrecover(digest(measurement, nonce), v, r, bytes32(s)) != SIGNER) revert InvalidSigner();
        bytes32 proofHash = keccak256(abi.encodePacked(r, s, v));
        if (usedProofs[proofHash]) revert ProofReplay();
        usedProofs[proofHash] = true;
        return measurement;
    }

    function verifier() external view override returns (address) {
        return address(this);
    }

    function _buildDomainSeparator() private view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256(bytes(NAME)), keccak256(bytes(VERSION)), block.chainid, address(this)));
    }
}
