import { ApiProperty } from '@nestjs/swagger';
import { DEC_OR_NULL, HEX_ADDRESS } from './api-schema';

/** Position (unversioned). Amounts in human units; ratios as fractions; current figures null when closed or without a mark. */
export class PositionDto {
  @ApiProperty({ type: 'integer', description: 'On-chain position id', example: 42 }) id!: number;
  @ApiProperty({ type: 'integer', description: 'Unix seconds', example: 1767139200 }) open_timestamp!: number;
  @ApiProperty(HEX_ADDRESS('Perp contract address (canonical market id)')) perp_address!: string;
  @ApiProperty({ ...HEX_ADDRESS('Deprecated alias of perp_address', true), deprecated: true }) perp!: string | null;
  @ApiProperty(HEX_ADDRESS('Wallet holding the position', true)) holder!: string | null;
  @ApiProperty({ example: false }) is_maker!: boolean;
  @ApiProperty({ type: 'boolean', nullable: true, required: true, description: 'null for makers', example: true }) is_long!: boolean | null;
  @ApiProperty({ example: false }) is_closed!: boolean;
  @ApiProperty({ type: 'integer', nullable: true, required: true, description: 'Unix seconds; null while open', example: null }) close_timestamp!:
    number | null;
  @ApiProperty({ type: 'boolean', nullable: true, required: true, description: 'null while open', example: null }) was_liquidated!: boolean | null;
  @ApiProperty(DEC_OR_NULL('USDC', '250')) margin!: string | null;
  @ApiProperty(DEC_OR_NULL('Perps, signed (long > 0). Makers: minus the perps lent to the pool at entry', '2')) perp_delta!: string | null;
  @ApiProperty(DEC_OR_NULL('USDC, signed. Takers: paid (< 0) or received at entry. Makers: minus the USD lent at entry', '-2000')) usd_delta!: string | null;
  @ApiProperty(DEC_OR_NULL('Average entry pool price in plain X96 form, as an integer string (price = x / 2^96)', '79228162514264337593543950336000'))
  avg_entry_amm_price_x96!: string | null;
  @ApiProperty(DEC_OR_NULL('Maintenance margin ratio, fraction', '0.05')) liq_margin_ratio!: string | null;
  @ApiProperty(DEC_OR_NULL('Backstop margin ratio, fraction', '0.02')) backstop_margin_ratio!: string | null;
  @ApiProperty(
    DEC_OR_NULL(
      "The contract's mark at the market's latest snapshot: the fair price avg(pool price, max(index + EMA(pool) - EMA(index), 0)) with both EMAs advanced to that time (the /live mark_price); null when closed or before the first EMA update",
      '1000',
    ),
  )
  current_mark_price!: string | null;
  @ApiProperty(
    DEC_OR_NULL(
      "The contract's valPnl at the mark, USDC: takers trunc(perp_delta * mark) + usd_delta; makers the band at the mark (its pool-price amounts, perps valued at the mark) + trunc(perp_delta * mark) + usd_delta. Null when closed",
      '-100',
    ),
  )
  unrealized_pnl!: string | null;
  @ApiProperty(
    DEC_OR_NULL(
      "The contract's equity, USDC: margin settled (takers: - funding owed - util owed; makers: - funding owed + util earnings + LP fees, accrued to the mark snapshot) + unrealized_pnl; null when closed",
      '150',
    ),
  )
  effective_margin!: string | null;
  @ApiProperty(
    DEC_OR_NULL(
      "The mark (USD per perp) at which the contract's integer liquidation test flips, funding and util owed (makers: also util earnings and LP fees) accrued to the mark snapshot and held: exact to one X96 unit (at that X96 mark the test says liquidatable, one unit towards the safe side it does not), rendered like current_mark_price (x / 2^96, at most 18 decimals). Takers: a long is liquidatable at or below it, a short at or above. Makers: the pool price and the mark moved together, the turn nearest the current mark (a band can be liquidated by a fall and by a rise). null when no mark flips the test (a side no price can liquidate, or one every price does), when closed, or without a mark",
      '32.368421052631578947',
    ),
  )
  liquidation_price!: string | null;
  @ApiProperty(
    DEC_OR_NULL(
      "Closed takers: the PnL the position realized, USDC, exact to the atom: the sum over its touches of (the touch's swap USD + the contract's usd_delta before - after), so a full close realizes the close's USD plus the entry USD left in the position; before funding, utilization fees, trading fees and any liquidation fee (USDC paid out = margin in - margin withdrawn + realized_pnl + net_funding - utilization fees - trading fees - liquidation fee, when that is positive; a loss past it is bad debt). Null while open; null for makers and converted makers (a maker's close pays its band's amounts, which no event carries and the views forget), and for a position whose history the index lacks",
      '12.5',
    ),
  )
  realized_pnl!: string | null;
  @ApiProperty(
    DEC_OR_NULL(
      'Closed positions: the funding settled over its life, USDC, positive when received and negative when paid (as dYdX netFunding): minus the sum of the funding of every settling event (TakerAdjusted, TakerBackstopped, TakerClosed; makers: MakerAdjusted, MakerBackstopped, MakerConverted, MakerClosed). Null while open, and for a position whose history the index lacks',
      '-0.75',
    ),
  )
  net_funding!: string | null;
}
