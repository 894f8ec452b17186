import { ApiAddress, ApiBoolean, ApiDateTime, ApiDecimal, ApiInteger } from '../common';

/** Trade (unversioned): the close of a taker position. */
export class TradeDto {
  @ApiInteger()
  id!: number;

  @ApiDateTime()
  timestamp!: string;

  @ApiAddress()
  perp_address!: string;

  @ApiAddress({ nullable: true, deprecated: true, description: 'Deprecated alias of perp_address (same value)' })
  perp!: string | null;

  @ApiInteger({ description: 'On-chain position id' })
  pos_id!: number;

  @ApiBoolean()
  was_liquidated!: boolean;

  @ApiDecimal({ description: "Perps, the trade's own flow (closing a long is negative)" })
  perp_delta!: string;

  @ApiDecimal({ description: "USDC, the trade's own flow" })
  usd_delta!: string;

  @ApiDecimal({ nullable: true, description: 'The mark the close was judged at, USD per perp' })
  mark_price!: string | null;

  @ApiDecimal({ nullable: true, description: 'USDC paid (> 0) or received (< 0) in funding' })
  funding!: string | null;

  @ApiDecimal({ nullable: true, description: 'USDC of trading fees' })
  util_fees!: string | null;

  @ApiDecimal({ nullable: true, description: 'USDC paid to the liquidator; null for voluntary closes' })
  liq_fee!: string | null;
}
