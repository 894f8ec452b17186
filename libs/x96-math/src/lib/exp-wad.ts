import { INT256_MAX, UINT256_MAX, WAD, requireInt256 } from './full-math';

/** At or below this (about -41.45 WAD) e^x rounds to zero. */
export const EXP_WAD_MIN_INPUT = -41_446_531_673_892_822_313n;
/** At or above this (about 135.3 WAD) the result would overflow int256: the contract reverts. */
export const EXP_WAD_MAX_INPUT = 135_305_999_368_893_231_589n;

// ln(2) * 2^96, and the constant that reassembles 2^k * r with a final shift.
const LN2_X96 = 54_916_777_467_707_473_351_141_471_128n;
const REASSEMBLY_SCALE = 3_822_833_074_963_236_453_042_738_258_902_158_003_155_416_615_667n;
const TWO_256 = 1n << 256n;

/** Two's-complement int256 of a bigint: the unchecked arithmetic of the Solidity original. */
function int256(value: bigint): bigint {
  const wrapped = ((value % TWO_256) + TWO_256) % TWO_256;
  return wrapped > INT256_MAX ? wrapped - TWO_256 : wrapped;
}

/** Signed division truncating toward zero (EVM sdiv); bigint `/` already truncates. */
function sdiv(a: bigint, b: bigint): bigint {
  return int256(a / b);
}

/** Arithmetic shift right (EVM sar); bigint `>>` floors, which is what sar does. */
function sar(a: bigint, bits: bigint): bigint {
  return a >> bits;
}

/**
 * Solady FixedPointMathLib.expWad: e^x for a WAD-scaled signed x, as a WAD-scaled uint256,
 * bit for bit the contract's rational approximation (range reduction by ln 2, a (6,7) Padé
 * fraction in Q96, then 2^k reassembly with a floor shift). 0 at or below EXP_WAD_MIN_INPUT;
 * throws at or above EXP_WAD_MAX_INPUT, where the contract reverts.
 */
export function expWad(x: bigint): bigint {
  requireInt256(x, 'expWad input');
  if (x <= EXP_WAD_MIN_INPUT) {
    return 0n;
  }
  if (x >= EXP_WAD_MAX_INPUT) {
    throw new RangeError('expWad: overflow');
  }

  // x / 1e18 as Q96 via x * 2^78 / 5^18 (2^96 / 10^18 = 2^78 / 5^18).
  let t = sdiv(int256(x << 78n), 5n ** 18n);
  // k = round(t / ln 2), then t -= k * ln 2 so that t is in [-ln2/2, ln2/2].
  const k = sar(int256(sdiv(int256(t << 96n), LN2_X96) + (1n << 95n)), 96n);
  t = int256(t - int256(k * LN2_X96));

  let y = int256(t + 1_346_386_616_545_796_478_920_950_773_328n);
  y = int256(sar(int256(y * t), 96n) + 57_155_421_227_552_351_082_224_309_758_442n);
  let p = int256(int256(y + t) - 94_201_549_194_550_492_254_356_042_504_812n);
  p = int256(sar(int256(p * y), 96n) + 28_719_021_644_029_726_153_956_944_680_412_240n);
  p = int256(int256(p * t) + int256(4_385_272_521_454_847_904_659_076_985_693_276n << 96n));

  let q = int256(t - 2_855_989_394_907_223_263_936_484_059_900n);
  q = int256(sar(int256(q * t), 96n) + 50_020_603_652_535_783_019_961_831_881_945n);
  q = int256(sar(int256(q * t), 96n) - 533_845_033_583_426_703_283_633_433_725_380n);
  q = int256(sar(int256(q * t), 96n) + 3_604_857_256_930_695_427_073_651_918_091_429n);
  q = int256(sar(int256(q * t), 96n) - 14_423_608_567_350_463_180_887_372_962_807_573n);
  q = int256(sar(int256(q * t), 96n) + 26_449_188_498_355_588_339_934_803_723_976_023n);

  const r = sdiv(p, q);
  if (r < 0n) {
    throw new RangeError('expWad: negative approximation');
  }
  const shift = 195n - k;
  if (shift < 0n) {
    throw new RangeError('expWad: exponent out of range');
  }
  return ((r * REASSEMBLY_SCALE) & UINT256_MAX) >> shift;
}

/** e^(-dt / window) as WAD, the EMA decay factor: expWad(-(dt * 1e18 / window)), the inner division floored. */
export function emaDecayWad(elapsedSeconds: bigint, windowSeconds: bigint): bigint {
  if (windowSeconds <= 0n) {
    throw new RangeError('EMA window must be positive');
  }
  if (elapsedSeconds < 0n) {
    throw new RangeError('Elapsed time cannot be negative');
  }
  return expWad(-((elapsedSeconds * WAD) / windowSeconds));
}
