import { ApiDateTime, ApiDecimal, ApiInteger } from '../common';

/** A change of a market's funding (unversioned): GET /markets/{perp_address}/funding. */
export class FundingPointDto {
  @ApiInteger()
  id!: number;

  @ApiDateTime({ description: 'Time of the block (or simulator step) that changed it' })
  timestamp!: string;

  @ApiInteger({ nullable: true, description: 'Block the indexer read it at; null where the simulator wrote it' })
  block_number!: number | null;

  @ApiDecimal({ nullable: true, description: 'Funding per day, signed; positive means longs pay shorts (as funding_rate_daily on the market)' })
  funding_rate_daily!: string | null;

  @ApiDecimal({ description: 'Funding paid per 1 perp since the market was created, USD, signed' })
  cumulative_funding!: string;
}

/** A change of a market's open interest or capacity (unversioned): GET /markets/{perp_address}/open-interest. */
export class OpenInterestPointDto {
  @ApiInteger()
  id!: number;

  @ApiDateTime({ description: 'Time of the block (or simulator step) that changed it' })
  timestamp!: string;

  @ApiInteger({ nullable: true, description: 'Block the indexer read it at; null where the simulator wrote it' })
  block_number!: number | null;

  @ApiDecimal({ description: 'Perps: sum of open long taker sizes' })
  open_interest_long!: string;

  @ApiDecimal({ description: 'Perps: sum of open short taker sizes' })
  open_interest_short!: string;

  @ApiDecimal({ description: 'Perps the open maker ranges hold above the pool price' })
  capacity_long!: string;

  @ApiDecimal({ description: 'Perps the open maker ranges absorb below the pool price' })
  capacity_short!: string;
}
