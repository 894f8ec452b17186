import { FundingHistoryApiRow, OpenInterestHistoryApiRow } from '@perp/index-db';
import { toIsoUtc } from '../common';
import { atomsDec, fundingDailyDecOrNull, toInt, toIntOrNull, x96PriceDec } from './market-decimals';
import { FundingPointDto, OpenInterestPointDto } from './market-history.dto';

export function fundingPointView(row: FundingHistoryApiRow): FundingPointDto {
  return {
    id: toInt(row.id),
    timestamp: toIsoUtc(row.timestamp),
    block_number: toIntOrNull(row.block_number),
    funding_rate_daily: fundingDailyDecOrNull(row.funding_per_day),
    cumulative_funding: x96PriceDec(row.cumulative_funding_x96),
  };
}

export function openInterestPointView(row: OpenInterestHistoryApiRow): OpenInterestPointDto {
  return {
    id: toInt(row.id),
    timestamp: toIsoUtc(row.timestamp),
    block_number: toIntOrNull(row.block_number),
    open_interest_long: atomsDec(row.open_interest_long),
    open_interest_short: atomsDec(row.open_interest_short),
    capacity_long: atomsDec(row.capacity_long),
    capacity_short: atomsDec(row.capacity_short),
  };
}
