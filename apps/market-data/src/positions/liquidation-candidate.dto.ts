import { ApiProperty } from '@nestjs/swagger';
import { DEC_OR_NULL, HEX_ADDRESS } from './api-schema';

export class CandidateHealthDto {
  @ApiProperty(DEC_OR_NULL('Approximate equity / notional; null if uncomputable', '0.052')) margin_ratio!: string | null;
  @ApiProperty(DEC_OR_NULL('Maintenance margin ratio threshold, fraction', '0.05')) liq_margin_ratio!: string | null;
}

/** Liquidatable position candidate (unversioned): permissive, to be confirmed on-chain before acting. */
export class LiquidationCandidateDto {
  @ApiProperty({ type: 'integer', description: 'On-chain position id', example: 42 }) id!: number;
  @ApiProperty(HEX_ADDRESS('Perp contract address', true)) perp_address!: string | null;
  @ApiProperty({ ...HEX_ADDRESS('Deprecated alias of perp_address', true), deprecated: true }) perp!: string | null;
  @ApiProperty({ example: false }) is_maker!: boolean;
  @ApiProperty({
    type: 'string',
    pattern: '^\\d+$',
    description: 'Full liquidation size as an integer string in base units: |perp_delta| atoms for takers, raw liquidity for makers',
    example: '2000000',
  })
  amount!: string;
  @ApiProperty({ type: 'string', default: 'full', example: 'full' }) mode!: string;
  @ApiProperty(
    DEC_OR_NULL(
      "The contract's ratio at the mark snapshot from indexed (possibly stale) state: floor(equity * 1e6 / (value + 1)) / 1e6, 0 when equity <= 0; null if uncomputable",
      '0.052',
    ),
  )
  margin_ratio!: string | null;
  @ApiProperty(DEC_OR_NULL('Maintenance margin ratio threshold, fraction', '0.05')) liq_margin_ratio!: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    required: true,
    description: "Unix time of the mark snapshot used (the market's latest snapshot)",
    example: 1767225540,
  })
  as_of!: number | null;
  @ApiProperty(HEX_ADDRESS('Wallet holding the position', true)) holder!: string | null;
  @ApiProperty(
    DEC_OR_NULL("The contract's position value at the mark, USDC (takers |trunc(perp_delta * mark)|, makers the band's value); null if uncomputable", '2000'),
  )
  notional!: string | null;
  @ApiProperty({ type: () => CandidateHealthDto }) health!: CandidateHealthDto;
  @ApiProperty(DEC_OR_NULL('margin_ratio - liq_margin_ratio, unbuffered; non-positive means already past the raw threshold', '0.002'))
  distance_to_liquidation!: string | null;
  @ApiProperty(DEC_OR_NULL('min(max(equity, 0), floor(notional * liquidation fee) in atoms), USDC: a prioritisation signal, not a payout', '10'))
  estimated_reward!: string | null;
  @ApiProperty(
    DEC_OR_NULL(
      "The mark (USD per perp) at which the contract's integer liquidation test flips, funding and util owed (makers: also util earnings and LP fees) accrued to the mark snapshot and held: exact to one X96 unit (at that X96 mark the test says liquidatable, one unit towards the safe side it does not), rendered like current_mark_price (x / 2^96, at most 18 decimals). Takers: a long is liquidatable at or below it, a short at or above. Makers: the pool price and the mark moved together, the turn nearest the current mark (a band can be liquidated by a fall and by a rise). null when no mark flips the test (a side no price can liquidate, or one every price does), when closed, or without a mark",
      '32.368421052631578947',
    ),
  )
  liquidation_price!: string | null;
  @ApiProperty({ type: 'boolean', default: true, description: 'The mark snapshot is older than STALE_AFTER_SECONDS, or its age is unknown', example: false })
  is_stale!: boolean;
}
