import type { TickFundingX96 } from '@perp/x96-math';
import { big, RawRow, TableRow } from './cells';

/** Every column of `ticks` (the initialized ticks of open maker bands), in writer order. */
export const TICKS_COLUMNS = [
  'perp_address',
  'tick',
  'cuml_funding_opp_x96',
  'cuml_funding_div_sqrt_p_opp_x96',
  'fee_growth_outside1_x128',
  'block_number',
] as const;

export type TicksRow = TableRow<typeof TICKS_COLUMNS>;

/** The ticks columns a maker's band legs read, for `SELECT` with an alias and an output prefix (a band's two ticks in one row). */
export const TICK_CHAIN_COLUMNS = ['cuml_funding_opp_x96', 'cuml_funding_div_sqrt_p_opp_x96', 'fee_growth_outside1_x128'] as const satisfies ReadonlyArray<
  (typeof TICKS_COLUMNS)[number]
>;

/** A ticks row, decoded. */
export interface TickChainRow extends TickFundingX96 {
  feeGrowthOutside1X128: bigint;
}

/** Decodes TICK_CHAIN_COLUMNS read with `prefix`; null when the row is absent (a LEFT JOIN that matched nothing). */
export function decodeTickChainRow(row: RawRow, prefix = ''): TickChainRow | null {
  const first = row[prefix + 'cuml_funding_opp_x96'];
  if (first === null || first === undefined) return null;
  return {
    cumlFundingOppX96: big(first),
    cumlFundingDivSqrtPOppX96: big(row[prefix + 'cuml_funding_div_sqrt_p_opp_x96']),
    feeGrowthOutside1X128: big(row[prefix + 'fee_growth_outside1_x128']),
  };
}

/** The two ticks of a band. */
export interface BandTicks {
  lower: TickChainRow;
  upper: TickChainRow;
}
