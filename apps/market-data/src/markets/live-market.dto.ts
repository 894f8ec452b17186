import { ApiAddress, ApiDateTime, ApiDecimal } from '../common';

/** Live market (unversioned): the latest snapshot's prices and the market's funding rate. */
export class LiveMarketDto {
  @ApiAddress()
  perp_address!: string;

  @ApiAddress({ nullable: true, deprecated: true, description: 'Deprecated alias of perp_address (same value)' })
  perp!: string | null;

  @ApiDecimal({
    description:
      "The contract's mark at the latest snapshot's time (the fair price with both EMAs advanced; the positions' current_mark_price); before the market's first EMA update, the snapshot's pool price (amm_price_x96 / 2^96)^2",
  })
  mark_price!: string;

  @ApiDecimal({ nullable: true, description: "The latest snapshot's index price (X96 decoded); null when it carries none" })
  index_price!: string | null;

  @ApiDecimal({ nullable: true, description: "The market's funding per day" })
  funding_rate_daily!: string | null;

  @ApiDateTime({ description: 'Time of the latest snapshot' })
  timestamp!: string;
}
