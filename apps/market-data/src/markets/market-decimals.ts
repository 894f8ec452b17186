import { BigNumber, atomsToHuman, formatDecimal, fundingPerDayFromE18, ratioFromE6, sqrtX96ToPrice, x96ToPrice } from '@perp/x96-math';

/**
 * Column text -> `dec` response string. Every value goes through formatDecimal, with
 * the unit of DESIGN.md §3 / libs/index-db.
 */
const nullable =
  <A, R = string>(f: (value: A) => R) =>
  (value: A | null): R | null =>
    value === null ? null : f(value);

/** 6-decimal atoms (USDC, perps) -> human units. */
export const atomsDec = (atoms: string): string => formatDecimal(atomsToHuman(BigInt(atoms)));
export const atomsDecOrNull = nullable(atomsDec);

/** Plain X96 price (EMA mark/index, trade mark) -> USD per perp. */
export const x96PriceDec = (x96: string): string => formatDecimal(x96ToPrice(BigInt(x96)));
export const x96PriceDecOrNull = nullable(x96PriceDec);

/** Sqrt X96 price (snapshot amm_price_x96) -> (x / 2^96)^2 USD per perp. */
export const sqrtPrice = (sqrtX96: string): BigNumber => sqrtX96ToPrice(BigInt(sqrtX96));
export const sqrtX96PriceDec = (sqrtX96: string): string => formatDecimal(sqrtPrice(sqrtX96));

/** An index X96 that is null or <= 0 means "no index at this tick" (libs/index-db): null. */
export const indexX96OrNull = (x96: string | null): string | null => (x96 === null || BigInt(x96) <= 0n ? null : x96);

/** 1e18-scaled daily funding -> signed daily rate. */
export const fundingDailyDecOrNull = nullable((raw: string) => formatDecimal(fundingPerDayFromE18(BigInt(raw))));

/** 1e6-scaled ratio or fee -> fraction. */
export const ratioDec = (raw: number | string): string => formatDecimal(ratioFromE6(BigInt(raw)));

/** A raw integer (liquidity, X96 values shown as such, seconds): formatDecimal of an integer is its plain digits. */
export const integerDec = (raw: string | number): string => formatDecimal(BigInt(raw));

/** A bigint/int8 column (ids, unix seconds) as a JSON integer; all are far below 2^53. */
export const toInt = (raw: string | number): number => Number(raw);
export const toIntOrNull = nullable(toInt);
