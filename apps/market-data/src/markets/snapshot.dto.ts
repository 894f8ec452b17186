import { ApiAddress, ApiDateTime, ApiDecimal, ApiInteger } from '../common';

/** Snapshot (unversioned). */
export class SnapshotDto {
  @ApiInteger()
  id!: number;

  @ApiDateTime()
  timestamp!: string;

  @ApiAddress()
  perp_address!: string;

  @ApiAddress({ nullable: true, deprecated: true, description: 'Deprecated alias of perp_address (same value)' })
  perp!: string | null;

  @ApiDecimal({ description: "The pool's sqrt price, X96 (an integer)" })
  amm_price_x96!: string;

  @ApiDecimal({ nullable: true, description: '(amm_price_x96 / 2^96)^2, USD per perp' })
  mark_price!: string | null;
}
