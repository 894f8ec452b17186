// The funding and open-interest history tables (migration 010), kept by a row trigger on markets.

export const FUNDING_HISTORY_API_COLUMNS = 'id, "timestamp", block_number, funding_per_day, cumulative_funding_x96';
export const OPEN_INTEREST_HISTORY_API_COLUMNS = 'id, "timestamp", block_number, open_interest_long, open_interest_short, capacity_long, capacity_short';

/** A funding_history row as `pg` returns it: numerics and int8 as strings, timestamptz as Date. */
export interface FundingHistoryApiRow {
  id: string;
  timestamp: Date;
  block_number: string | null;
  /** 1e18-scaled signed daily rate; null before the contract has one. */
  funding_per_day: string | null;
  /** USD per perp as X96, signed. */
  cumulative_funding_x96: string;
}

/** An open_interest_history row as `pg` returns it (perp atoms). */
export interface OpenInterestHistoryApiRow {
  id: string;
  timestamp: Date;
  block_number: string | null;
  open_interest_long: string;
  open_interest_short: string;
  capacity_long: string;
  capacity_short: string;
}
