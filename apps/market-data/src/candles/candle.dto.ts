import { ApiProperty } from '@nestjs/swagger';
import { ApiAddress, ApiDateTime, ApiDecimal, ApiInteger } from '../common';
import { CANDLE_RESOLUTION_NAMES } from './candles-query.dto';

const MARK = 'mark price (the pool price, (amm_price_x96 / 2^96)^2, as /snapshots mark_price); null when the interval has trades but no snapshot';
const START_OI =
  "in force at the interval's start: the market's last /open-interest point strictly before `timestamp` (a point at the start is a change inside the interval); null when the market has no point before it";
const INDEX = 'index price (plain X96 / 2^96) over the snapshots that carry an index; null when none does';

/** One candle: an interval with at least one snapshot or trade (empty intervals have no candle; no forward fill). */
export class CandleDto {
  @ApiDateTime({ description: 'Start of the interval (aligned to the Unix epoch: UTC midnight for 1d); the interval is [timestamp, timestamp + resolution)' })
  timestamp!: string;

  @ApiAddress()
  perp_address!: string;

  @ApiProperty({ type: 'string', enum: CANDLE_RESOLUTION_NAMES, required: true, description: 'The resolution asked for' })
  resolution!: string;

  @ApiDecimal({ nullable: true, description: `Open: the first snapshot's ${MARK}` })
  open!: string | null;

  @ApiDecimal({ nullable: true, description: `High: the highest snapshot ${MARK}` })
  high!: string | null;

  @ApiDecimal({ nullable: true, description: `Low: the lowest snapshot ${MARK}` })
  low!: string | null;

  @ApiDecimal({ nullable: true, description: `Close: the last snapshot's ${MARK}` })
  close!: string | null;

  @ApiDecimal({ nullable: true, description: `Open ${INDEX}` })
  index_open!: string | null;

  @ApiDecimal({ nullable: true, description: `High ${INDEX}` })
  index_high!: string | null;

  @ApiDecimal({ nullable: true, description: `Low ${INDEX}` })
  index_low!: string | null;

  @ApiDecimal({ nullable: true, description: `Close ${INDEX}` })
  index_close!: string | null;

  @ApiDecimal({ description: 'USD traded: sum of |usd_delta| of the trades (closes) in the interval' })
  volume_usd!: string;

  @ApiDecimal({ description: 'Perps traded: sum of |perp_delta| of the trades in the interval' })
  volume_perps!: string;

  @ApiInteger({ description: 'Trades in the interval' })
  trade_count!: number;

  @ApiDecimal({ nullable: true, description: `Open interest long (perps: sum of open long taker sizes) ${START_OI}` })
  open_interest_long!: string | null;

  @ApiDecimal({ nullable: true, description: `Open interest short (perps: sum of open short taker sizes) ${START_OI}` })
  open_interest_short!: string | null;
}
