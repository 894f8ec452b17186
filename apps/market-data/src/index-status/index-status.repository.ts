import { Injectable } from '@nestjs/common';
import { Stores } from '../stores/stores.module';
import { ChainCursorRow, IndexStatusRead, MarketFreshnessRow } from './index-status-read';

/** At most this many markets are listed (the markets table holds hundreds): the read stays bounded. */
export const MAX_STATUS_MARKETS = 1000;

/**
 * The freshness figures: the chain cursors (one row per chain) and each market's latest snapshot,
 * one probe of snapshots_market_time_idx per market, in one statement each. Ages are taken against
 * the store's clock (`now()`), so that a replica's clock skew does not show as lag.
 */
@Injectable()
export class IndexStatusRepository {
  constructor(private readonly stores: Stores) {}

  read(): Promise<IndexStatusRead> {
    return this.stores.index.run(async (source) => {
      const [chains, markets, [{ checked_at, total }]] = await Promise.all([
        source.query('SELECT chain_id, block_number, block_hash, block_timestamp, updated_at FROM chain_cursor ORDER BY chain_id') as Promise<ChainCursorRow[]>,
        source.query(
          `SELECT m.perp_address, s."timestamp" AS last_snapshot_at FROM (SELECT perp_address FROM markets ORDER BY perp_address LIMIT $1) m
           LEFT JOIN LATERAL (SELECT "timestamp" FROM snapshots WHERE perp_address = m.perp_address ORDER BY "timestamp" DESC, id DESC LIMIT 1) s ON true
           ORDER BY m.perp_address`,
          [MAX_STATUS_MARKETS],
        ) as Promise<MarketFreshnessRow[]>,
        source.query('SELECT now() AS checked_at, (SELECT count(*) FROM markets) AS total') as Promise<Array<{ checked_at: Date; total: string }>>,
      ]);
      return { checkedAt: checked_at, chains, marketsTotal: Number(total), markets };
    });
  }
}
