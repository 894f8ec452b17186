import { ApiAddress, ApiBoolean, ApiDateTime, ApiDecimal, ApiInteger } from '../common';

/**
 * A fill of a wallet: one close (partial or full, voluntary or a liquidation) of a taker position
 * it holds, i.e. a trades row. Makers' band withdrawals are not trades (see /positions?is_maker=true).
 */
export class FillDto {
  @ApiInteger({ description: 'Trade id (the same id as on /markets/{perp_address}/trades)' })
  id!: number;

  @ApiDateTime()
  timestamp!: string;

  @ApiAddress()
  perp_address!: string;

  @ApiInteger({ description: 'On-chain position id, local to perp_address' })
  pos_id!: number;

  @ApiAddress({ description: 'The wallet holding the position' })
  holder!: string;

  @ApiBoolean({ nullable: true, description: 'The side of the taker position closed (true: long); null only if the store lacks it' })
  is_long!: boolean | null;

  @ApiBoolean({ description: 'true when the close was a liquidation' })
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
