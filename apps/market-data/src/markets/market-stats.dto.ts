import { ApiAddress, ApiDecimal } from '../common';

const WINDOW = 'over the snapshots of the 24 h ending at the latest snapshot (both ends inclusive)';

/** Stats (unversioned). */
export class MarketStatsDto {
  @ApiAddress()
  perp_address!: string;

  @ApiAddress({ nullable: true, deprecated: true, description: 'Deprecated alias of perp_address (same value)' })
  perp!: string | null;

  @ApiDecimal({ description: `Highest pool price ${WINDOW}` })
  price_24h_high!: string;

  @ApiDecimal({ description: `Lowest pool price ${WINDOW}` })
  price_24h_low!: string;

  @ApiDecimal({ description: `Latest price minus the first price ${WINDOW}` })
  price_24h_change!: string;

  @ApiDecimal({ description: 'price_24h_change / first price * 100' })
  price_24h_change_percent!: string;
}
