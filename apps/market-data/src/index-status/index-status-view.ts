import { lowerAddress, toIsoUtc } from '../common';
import { IndexStatusDto } from './index-status.dto';
import { IndexStatusRead } from './index-status-read';

export const NO_CURSOR_NOTE =
  'No chain cursor: this index was not written by the indexer (the simulator loads one without a chain), so there is no block and no lag; the markets show how old their data is';

const secondsBetween = (later: Date, earlier: Date): number => Math.max(0, (later.getTime() - earlier.getTime()) / 1000);

export function indexStatusView(read: IndexStatusRead): IndexStatusDto {
  const { checkedAt } = read;
  return {
    checked_at: toIsoUtc(checkedAt),
    indexed_from_chain: read.chains.length > 0,
    note: read.chains.length > 0 ? null : NO_CURSOR_NOTE,
    chains: read.chains.map((c) => {
      const blockTime = new Date(Number(c.block_timestamp) * 1000);
      return {
        chain_id: Number(c.chain_id),
        block_number: Number(c.block_number),
        block_hash: c.block_hash,
        block_time: toIsoUtc(blockTime),
        indexed_at: toIsoUtc(c.updated_at),
        lag_seconds: secondsBetween(checkedAt, blockTime),
      };
    }),
    markets_total: read.marketsTotal,
    markets: read.markets.map((m) => ({
      perp_address: lowerAddress(m.perp_address),
      last_snapshot_at: m.last_snapshot_at === null ? null : toIsoUtc(m.last_snapshot_at),
      snapshot_age_seconds: m.last_snapshot_at === null ? null : secondsBetween(checkedAt, m.last_snapshot_at),
    })),
  };
}
