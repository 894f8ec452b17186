import { lowerAddress, toIsoUtc } from '../common';
import { atomsDec, atomsDecOrNull, toInt, x96PriceDecOrNull } from '../markets/market-decimals';
import { FillDto } from './fill.dto';
import { FillRow } from './fills-sql';

/** A fill row -> FillDto, each figure decoded as on /markets/{perp_address}/trades. */
export function fillView(row: FillRow): FillDto {
  return {
    id: toInt(row.id),
    timestamp: toIsoUtc(row.timestamp),
    perp_address: lowerAddress(row.perp_address),
    pos_id: toInt(row.pos_id),
    holder: lowerAddress(row.holder),
    is_long: row.is_long,
    was_liquidated: row.was_liquidated,
    perp_delta: atomsDec(row.perp_delta),
    usd_delta: atomsDec(row.usd_delta),
    mark_price: x96PriceDecOrNull(row.mark_price_x96),
    funding: atomsDecOrNull(row.funding),
    util_fees: atomsDecOrNull(row.util_fees),
    liq_fee: atomsDecOrNull(row.liq_fee),
  };
}
