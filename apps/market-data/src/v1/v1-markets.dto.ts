import { ApiProperty } from '@nestjs/swagger';
import { ApiAddress, ApiBoolean, ApiDateTime, ApiDecimal, ApiInteger, ApiString } from '../common';

/** Frozen legacy /v1 market shapes: exactly their listed fields, nothing more (spec "Legacy /v1 shapes"). */
export class V1MarketDto {
  @ApiAddress({ description: 'Perp id (the perp contract address, hex)' })
  id!: string;

  @ApiAddress({ description: 'Beacon address, hex' })
  beacon!: string;

  @ApiString({ nullable: true })
  name!: string | null;

  @ApiString({ nullable: true })
  ticker!: string | null;

  @ApiString({ nullable: true })
  description!: string | null;

  @ApiString({ nullable: true })
  photo_url!: string | null;

  @ApiString({ nullable: true })
  data_source!: string | null;

  @ApiString({ nullable: true })
  card_label!: string | null;
}

export class V1SnapshotDto {
  @ApiInteger()
  id!: number;

  @ApiDateTime()
  timestamp!: string;

  @ApiAddress({ description: 'Perp id' })
  perp!: string;

  @ApiDecimal({ description: "The pool's sqrt price, X96 (an integer)" })
  amm_price_x96!: string;

  @ApiDecimal({ nullable: true, description: '(amm_price_x96 / 2^96)^2' })
  mark_price!: string | null;
}

export class V1MarketDetailDto {
  @ApiProperty({ type: () => V1MarketDto, required: true })
  market!: V1MarketDto;

  @ApiProperty({ type: () => V1SnapshotDto, required: true, nullable: true })
  latest_snapshot!: V1SnapshotDto | null;
}

export class V1LiveMarketDto {
  @ApiAddress({ description: 'Perp id' })
  perp_id!: string;

  @ApiDecimal()
  mark_price!: string;

  @ApiDecimal({ nullable: true })
  index_price!: string | null;

  @ApiDecimal({ nullable: true })
  funding_rate_daily!: string | null;

  @ApiDateTime()
  timestamp!: string;
}

export class V1StatsDto {
  @ApiAddress({ description: 'Perp id' })
  perp_id!: string;

  @ApiDecimal()
  price_24h_high!: string;

  @ApiDecimal()
  price_24h_low!: string;

  @ApiDecimal()
  price_24h_change!: string;

  @ApiDecimal()
  price_24h_change_percent!: string;
}

export class V1TradeDto {
  @ApiInteger()
  id!: number;

  @ApiDateTime()
  timestamp!: string;

  @ApiAddress({ description: 'Perp id' })
  perp!: string;

  @ApiInteger()
  pos_id!: number;

  @ApiBoolean()
  was_liquidated!: boolean;

  @ApiDecimal()
  perp_delta!: string;

  @ApiDecimal()
  usd_delta!: string;

  @ApiDecimal({ nullable: true })
  mark_price!: string | null;

  @ApiDecimal({ nullable: true })
  funding!: string | null;

  @ApiDecimal({ nullable: true })
  util_fees!: string | null;

  @ApiDecimal({ nullable: true })
  liq_fee!: string | null;
}

export class V1OiPointDto {
  @ApiAddress({ description: 'Perp id' })
  perp_id!: string;

  @ApiDecimal()
  taker_long_oi!: string;

  @ApiDecimal()
  taker_short_oi!: string;

  @ApiDateTime()
  timestamp!: string;
}
