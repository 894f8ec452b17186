import { getAddress, keccak256 } from 'ethers';
import { POOL_MANAGER_INTERFACE } from './interfaces';

/**
 * Storage slots of the state an indexer needs and no view returns, and decoders of the words read
 * there. Pure functions: a slot is a `0x` + 64 lowercase hex `bytes32`, to pass to the
 * PoolManager's `extsload(bytes32)` / `extsload(bytes32[])` or to `eth_getStorageAt`; a word is
 * what those return (a `bytes32` hex string, or a bigint).
 *
 * Sources (README, "Storage reads"): Uniswap v4-core `StateLibrary` (PoolManager layout) and
 * `Position.calculatePositionKey`; StrobeLabs/perpcity-rust-sdk `src/storage.rs` (Perp layout).
 * Solidity stores `mapping[key]` for a mapping at slot `p` at `keccak256(abi.encode(key, p))`, a
 * signed key sign-extended to 32 bytes; a struct's fields follow its base slot.
 */
export type Bytes32 = string;
export type StorageWord = string | bigint;

const TWO_256 = 1n << 256n;
const UINT128_MASK = (1n << 128n) - 1n;
const UINT160_MASK = (1n << 160n) - 1n;
const UINT24_MASK = (1n << 24n) - 1n;
const BYTES32_HEX = /^0x[0-9a-fA-F]{64}$/;
const WORD_HEX = /^0x[0-9a-fA-F]{1,64}$/;

/** A uint256 as a `bytes32` slot or word: `0x` + 64 lowercase hex digits. */
export function toBytes32(value: bigint): Bytes32 {
  if (value < 0n || value >= TWO_256) throw new RangeError(`${value} is not a uint256`);
  return '0x' + value.toString(16).padStart(64, '0');
}

/** `slot + offset` (a struct field after its base slot), wrapping like the EVM. */
export function slotPlus(slot: Bytes32, offset: number | bigint): Bytes32 {
  return toBytes32((BigInt(bytes32(slot, 'slot')) + BigInt(offset)) % TWO_256);
}

/**
 * A storage word as an unsigned bigint. Accepts a `bytes32` hex string (an `extsload` result),
 * a shorter `0x` quantity some nodes return from `eth_getStorageAt`, or a bigint in uint256.
 */
export function wordToBigInt(word: StorageWord): bigint {
  if (typeof word === 'bigint') {
    if (word < 0n || word >= TWO_256) throw new RangeError(`storage word ${word} is not a uint256`);
    return word;
  }
  if (!WORD_HEX.test(word)) throw new TypeError(`storage word ${word} is not 0x-hex of at most 32 bytes`);
  return BigInt(word);
}

function bytes32(value: string, what: string): string {
  if (!BYTES32_HEX.test(value)) throw new TypeError(`${what} ${value} is not a 0x-prefixed bytes32`);
  return value.toLowerCase();
}

function int24(tick: number | bigint, what: string): bigint {
  const value = BigInt(tick);
  if (value < -(1n << 23n) || value >= 1n << 23n) throw new RangeError(`${what} ${tick} is not an int24`);
  return value;
}

/** `keccak256(abi.encode(bytes32 key, uint256 base))`: the slot of `mapping[key]` stored at `base`. */
export function mappingSlot(key: Bytes32, base: Bytes32 | bigint): Bytes32 {
  const baseHex = typeof base === 'bigint' ? toBytes32(base) : bytes32(base, 'mapping slot');
  return keccak256(bytes32(key, 'mapping key') + baseHex.slice(2));
}

/** The slot of `mapping[key]` for a signed integer key (int16 word, int24 tick): two's complement over 32 bytes. */
export function signedMappingSlot(key: number | bigint, base: Bytes32 | bigint): Bytes32 {
  return mappingSlot(toBytes32(BigInt.asUintN(256, BigInt(key))), base);
}

// ── Uniswap v4 PoolManager (StateLibrary) ──────────────────────────────────────────────────

/** `PoolManager.pools`: `mapping(PoolId => Pool.State)` at slot 6. */
export const POOL_MANAGER_POOLS_SLOT = 6n;
/** Word offsets inside `Pool.State`. */
export const POOL_STATE_OFFSETS = {
  slot0: 0,
  feeGrowthGlobal0X128: 1,
  feeGrowthGlobal1X128: 2,
  liquidity: 3,
  ticks: 4,
  tickBitmap: 5,
  positions: 6,
} as const;
/** Word offsets inside `Pool.TickInfo` (`ticks[tick]`). */
export const POOL_TICK_INFO_OFFSETS = { liquidity: 0, feeGrowthOutside0X128: 1, feeGrowthOutside1X128: 2 } as const;
/** Word offsets inside `Position.State` (`positions[key]`). */
export const POOL_POSITION_OFFSETS = { liquidity: 0, feeGrowthInside0LastX128: 1, feeGrowthInside1LastX128: 2 } as const;

/** The base slot of a pool's `Pool.State` (= its `slot0` word). */
export function poolStateSlot(poolId: Bytes32): Bytes32 {
  return mappingSlot(poolId, POOL_MANAGER_POOLS_SLOT);
}

/** `slot0`: sqrtPriceX96, tick, protocolFee, lpFee (decode with `decodePoolSlot0`). */
export function poolSlot0Slot(poolId: Bytes32): Bytes32 {
  return poolStateSlot(poolId);
}

export function poolFeeGrowthGlobal0Slot(poolId: Bytes32): Bytes32 {
  return slotPlus(poolStateSlot(poolId), POOL_STATE_OFFSETS.feeGrowthGlobal0X128);
}

/** `feeGrowthGlobal1X128` (USDC, token1): `markets.fee_growth_global1_x128`. */
export function poolFeeGrowthGlobal1Slot(poolId: Bytes32): Bytes32 {
  return slotPlus(poolStateSlot(poolId), POOL_STATE_OFFSETS.feeGrowthGlobal1X128);
}

/** The pool's active `liquidity` (uint128; decode with `decodeUint128Word`). */
export function poolLiquiditySlot(poolId: Bytes32): Bytes32 {
  return slotPlus(poolStateSlot(poolId), POOL_STATE_OFFSETS.liquidity);
}

/** `ticks[tick]`, first word: liquidityGross | liquidityNet (decode with `decodePoolTickLiquidity`). */
export function poolTickInfoSlot(poolId: Bytes32, tick: number | bigint): Bytes32 {
  return signedMappingSlot(int24(tick, 'tick'), slotPlus(poolStateSlot(poolId), POOL_STATE_OFFSETS.ticks));
}

export function poolTickFeeGrowthOutside0Slot(poolId: Bytes32, tick: number | bigint): Bytes32 {
  return slotPlus(poolTickInfoSlot(poolId, tick), POOL_TICK_INFO_OFFSETS.feeGrowthOutside0X128);
}

/** `ticks[tick].feeGrowthOutside1X128`: `ticks.fee_growth_outside1_x128`. */
export function poolTickFeeGrowthOutside1Slot(poolId: Bytes32, tick: number | bigint): Bytes32 {
  return slotPlus(poolTickInfoSlot(poolId, tick), POOL_TICK_INFO_OFFSETS.feeGrowthOutside1X128);
}

/** `tickBitmap[wordPos]` (wordPos an int16; see `tickBitmapPosition`). */
export function poolTickBitmapSlot(poolId: Bytes32, wordPos: number | bigint): Bytes32 {
  const word = BigInt(wordPos);
  if (word < -(1n << 15n) || word >= 1n << 15n) throw new RangeError(`bitmap word ${wordPos} is not an int16`);
  return signedMappingSlot(word, slotPlus(poolStateSlot(poolId), POOL_STATE_OFFSETS.tickBitmap));
}

/** A position id as the `bytes32` salt of its liquidity: a Perp passes `bytes32(posId)`. */
export function saltFromPosId(posId: bigint): Bytes32 {
  return toBytes32(posId);
}

/**
 * `Position.calculatePositionKey`: `keccak256(abi.encodePacked(owner, int24 tickLower,
 * int24 tickUpper, bytes32 salt))`, 58 bytes, ticks as 3-byte two's complement.
 */
export function poolPositionKey(owner: string, tickLower: number | bigint, tickUpper: number | bigint, salt: Bytes32): Bytes32 {
  const tick3 = (tick: number | bigint, what: string) => BigInt.asUintN(24, int24(tick, what)).toString(16).padStart(6, '0');
  const packed = getAddress(owner).toLowerCase() + tick3(tickLower, 'tickLower') + tick3(tickUpper, 'tickUpper') + bytes32(salt, 'salt').slice(2);
  return keccak256(packed);
}

/** `positions[positionKey]`, first word: the position's liquidity (uint128). */
export function poolPositionInfoSlot(poolId: Bytes32, positionKey: Bytes32): Bytes32 {
  return mappingSlot(positionKey, slotPlus(poolStateSlot(poolId), POOL_STATE_OFFSETS.positions));
}

/**
 * The PoolManager position of a Perp maker: owner = the Perp (it calls `modifyLiquidity`, so
 * `ModifyLiquidity.sender` is the Perp), salt = `bytes32(posId)`, its band's two ticks.
 */
export function perpMakerPoolPositionSlot(poolId: Bytes32, perp: string, tickLower: number | bigint, tickUpper: number | bigint, posId: bigint): Bytes32 {
  return poolPositionInfoSlot(poolId, poolPositionKey(perp, tickLower, tickUpper, saltFromPosId(posId)));
}

/** `feeGrowthInside1LastX128` of a Perp maker's pool position: `positions.fee_growth_inside1_last_x128`. */
export function perpMakerFeeGrowthInside1LastSlot(
  poolId: Bytes32,
  perp: string,
  tickLower: number | bigint,
  tickUpper: number | bigint,
  posId: bigint,
): Bytes32 {
  return slotPlus(perpMakerPoolPositionSlot(poolId, perp, tickLower, tickUpper, posId), POOL_POSITION_OFFSETS.feeGrowthInside1LastX128);
}

// ── PoolManager word decoders ──────────────────────────────────────────────────────────────

export interface PoolSlot0 {
  sqrtPriceX96: bigint;
  tick: bigint;
  protocolFee: bigint;
  lpFee: bigint;
}

/** `slot0`: sqrtPriceX96 in bits 0..159, int24 tick in 160..183, protocolFee 184..207, lpFee 208..231. */
export function decodePoolSlot0(word: StorageWord): PoolSlot0 {
  const value = wordToBigInt(word);
  return {
    sqrtPriceX96: value & UINT160_MASK,
    tick: BigInt.asIntN(24, (value >> 160n) & UINT24_MASK),
    protocolFee: (value >> 184n) & UINT24_MASK,
    lpFee: (value >> 208n) & UINT24_MASK,
  };
}

/** `ticks[tick]` first word: liquidityGross (uint128) low, liquidityNet (int128) high. */
export function decodePoolTickLiquidity(word: StorageWord): { liquidityGross: bigint; liquidityNet: bigint } {
  const value = wordToBigInt(word);
  return { liquidityGross: value & UINT128_MASK, liquidityNet: BigInt.asIntN(128, value >> 128n) };
}

/** A word holding a lone uint128 (pool or position `liquidity`); refuses set high bits (a wrong slot). */
export function decodeUint128Word(word: StorageWord): bigint {
  const value = wordToBigInt(word);
  if (value > UINT128_MASK) throw new RangeError(`storage word ${toBytes32(value)} has bits above uint128`);
  return value;
}

/** A word holding a uint256 (the X128 fee-growth accumulators). */
export function decodeUint256Word(word: StorageWord): bigint {
  return wordToBigInt(word);
}

/** A word holding an int256 (the Perp's X96 funding checkpoints). */
export function decodeInt256Word(word: StorageWord): bigint {
  return BigInt.asIntN(256, wordToBigInt(word));
}

/** A word holding an address in its low 20 bytes (the ERC-1967 implementation slot). */
export function decodeAddressWord(word: StorageWord): string {
  const value = wordToBigInt(word);
  if (value > UINT160_MASK) throw new RangeError(`storage word ${toBytes32(value)} has bits above an address`);
  return '0x' + value.toString(16).padStart(40, '0');
}

// ── Tick bitmap ────────────────────────────────────────────────────────────────────────────

/** `TickBitmap.position(compress(tick, spacing))`: compress floors toward -infinity. */
export function tickBitmapPosition(tick: number | bigint, tickSpacing: number | bigint): { wordPos: bigint; bitPos: number } {
  const spacing = BigInt(tickSpacing);
  if (spacing <= 0n) throw new RangeError(`tick spacing ${tickSpacing} is not positive`);
  const t = int24(tick, 'tick');
  let compressed = t / spacing;
  if (t < 0n && t % spacing !== 0n) compressed -= 1n;
  return { wordPos: compressed >> 8n, bitPos: Number(BigInt.asUintN(8, compressed)) };
}

/** The initialized ticks a `tickBitmap[wordPos]` word marks, ascending. */
export function initializedTicksInBitmapWord(wordPos: number | bigint, word: StorageWord, tickSpacing: number | bigint): bigint[] {
  const value = wordToBigInt(word);
  const base = BigInt(wordPos) * 256n;
  const spacing = BigInt(tickSpacing);
  const ticks: bigint[] = [];
  for (let bit = 0n; bit < 256n; bit++) {
    if ((value >> bit) & 1n) ticks.push((base + bit) * spacing);
  }
  return ticks;
}

// ── The Perp's own storage (perpcity-rust-sdk src/storage.rs) ──────────────────────────────

// `PerpStorage` starts at slot 3 (rust SDK): each slot below is 3 + the field's word offset.
/** `PerpStorage.ticks`: `mapping(int24 => TickInfo)`, field 3 -> slot 6. */
export const PERP_TICKS_SLOT = 6n;
/** `PerpStorage.emas`: one `PricePair` word, field 8 -> slot 11; `ammPrice` low 128 bits, `index` high. */
export const PERP_EMAS_SLOT: Bytes32 = toBytes32(11n);

/**
 * The two words of the Perp's `ticks[tick]` (`TickInfo`): `cumlFundingOppX96`, then
 * `cumlFundingDivSqrtPOppX96`. Read with `eth_getStorageAt` on the Perp (or the v0.2.2 proxy).
 */
export function perpTickFundingSlots(tick: number | bigint): readonly [Bytes32, Bytes32] {
  const base = signedMappingSlot(int24(tick, 'tick'), PERP_TICKS_SLOT);
  return [base, slotPlus(base, 1)];
}

/** The two `ticks[tick]` words as the signed X96 checkpoints (`ticks.cuml_funding_*`). */
export function decodePerpTickFunding(words: readonly [StorageWord, StorageWord]): { cumlFundingOppX96: bigint; cumlFundingDivSqrtPOppX96: bigint } {
  return { cumlFundingOppX96: decodeInt256Word(words[0]), cumlFundingDivSqrtPOppX96: decodeInt256Word(words[1]) };
}

/** The stored EMA pair (X96) as of `rates().lastTouch`: `markets.ema_amm_price_x96`, `ema_index_price_x96`. */
export function decodePerpEmas(word: StorageWord): { ammPrice: bigint; index: bigint } {
  const value = wordToBigInt(word);
  return { ammPrice: value & UINT128_MASK, index: value >> 128n };
}

// ── ERC-1967 (the v0.2.2 market is a proxy) ────────────────────────────────────────────────

/** EIP-1967 implementation slot, `keccak256("eip1967.proxy.implementation") - 1`; holds a v0.2.2 market's implementation. */
export const ERC1967_IMPLEMENTATION_SLOT: Bytes32 = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';

// ── Batching PoolManager reads ─────────────────────────────────────────────────────────────

/** Calldata of `extsload(bytes32[] slots)` on the PoolManager: many words in one `eth_call`. */
export function extsloadCalldata(slots: readonly Bytes32[]): string {
  return POOL_MANAGER_INTERFACE.encodeFunctionData('extsload(bytes32[])', [slots.map((slot) => bytes32(slot, 'slot'))]);
}

/** The words an `extsload(bytes32[])` call returned, one per requested slot (refuses another count). */
export function decodeExtsloadWords(data: string, expected: number): Bytes32[] {
  const [values] = POOL_MANAGER_INTERFACE.decodeFunctionResult('extsload(bytes32[])', data) as unknown as [string[]];
  if (values.length !== expected) throw new RangeError(`extsload returned ${values.length} words for ${expected} slots`);
  return values.map((value) => value.toLowerCase());
}
