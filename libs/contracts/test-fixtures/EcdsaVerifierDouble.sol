// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.28;

import {IEcdsaVerifier} from "../solidity/interfaces/IEcdsaVerifier.sol";

/// @notice Test double of the operators' newer ECDSA verifier, written from its public binding
/// (the-beaconator's IEcdsaVerifier): an array measurement, EIP-712 domain ("ECDSAVerifier", "1",
/// chainId, this verifier) readable through EIP-5267, no deadline, any caller, nonces strictly
/// increasing, replays refused by the signature's hash. Never deploy outside tests and the dev chain.
contract EcdsaVerifierDouble is IEcdsaVerifier {
    error InvalidSigner();
    error InvalidSignature();
    error ProofReplay();
    error NonceNotIncreasing(uint256 last, uint256 got);

    bytes32 public constant override MEASUREMENT_TYPEHASH = keccak256("Measurement(uint256[] measurement,uint256 nonce)");
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    address public immutable override SIGNER;
    uint256 public lastNonce;
    mapping(bytes32 => bool) public override usedProofs;

    constructor(address signer) {
        SIGNER = signer;
    }

    function domainSeparator() public view override returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("ECDSAVerifier"), keccak256("1"), block.chainid, address(this)));
    }

    function digest(uint256[] memory measurement, uint256 nonce) public view override returns (bytes32) {
        bytes32 structHash = keccak256(abi.encode(MEASUREMENT_TYPEHASH, keccak256(abi.encodePacked(measurement)), nonce));
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), structHash));
    }

    function eip712Domain()
        external
        view
        override
        returns (bytes1, string memory, string memory, uint256, address, bytes32, uint256[] memory)
    {
        return (hex"0f", "ECDSAVerifier", "1", block.chainid, address(this), bytes32(0), new uint256[](0));
    }

    function verify(bytes calldata proof, bytes calldata inputs) external override returns (uint256[] memory measurement) {
        uint256 nonce;
        (measurement, nonce) = abi.decode(inputs, (uint256[], uint256));
        if (proof.length != 65) revert InvalidSignature();
        bytes32 r = bytes32(proof[0:32]);
        bytes32 s = bytes32(proof[32:64]);
        uint8 v = uint8(proof[64]);
        if ((v != 27 && v != 28) || uint256(s) > HALF_ORDER) revert InvalidSignature();
        if (ecrecover(digest(measurement, nonce), v, r, s) != SIGNER) revert InvalidSigner();
        bytes32 proofHash = keccak256(proof);
        if (usedProofs[proofHash]) revert ProofReplay();
        if (nonce <= lastNonce) revert NonceNotIncreasing(lastNonce, nonce);
        usedProofs[proofHash] = true;
        lastNonce = nonce;
    }
}
