import { decodeMarketChainRow, MARKET_CHAIN_COLUMNS, MarketApiRow, marketApiColumns, SnapshotApiRow, TRADE_API_COLUMNS, TradeApiRow } from '@perp/index-db';
import { liveView, tradeView } from '../markets/market-views';
import { frame, resetData, StreamFrame } from './stream-frames';

/** Runs one statement on the index store. */
export type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** A row of stream_events (libs/index-db migration 1767225600009). */
export interface ChangeRow {
  id: bigint;
  channel: 'trades' | 'marks' | 'index';
  perp_address: string | null;
  ref_id: string | null;
  data: Record<string, unknown> | null;
}

/** Rows read per statement: a reader that is behind reads on at once, in pages of this many. */
export const CHANGE_PAGE = 1_000;

/**
 * Reads the change table and turns its rows into frames: trades and marks joined to their rows by
 * primary key (one statement each per page, never one per event), a cursor move from the row
 * itself. A row whose trade or snapshot is gone (a reorg rewound it) gives no frame.
 */
export class ChangeReader {
  constructor(private readonly query: Query) {}

  /** Up to `limit` rows after `afterId` (and at most `untilId`), in id order (stream_events_pkey). */
  async rowsAfter(afterId: bigint, limit = CHANGE_PAGE, untilId?: bigint): Promise<ChangeRow[]> {
    const rows = await this.query(
      `SELECT id, channel, perp_address, ref_id, data FROM stream_events WHERE id > $1${untilId === undefined ? '' : ' AND id <= $3'} ORDER BY id LIMIT $2`,
      untilId === undefined ? [afterId.toString(), limit] : [afterId.toString(), limit, untilId.toString()],
    );
    return rows.map((row) => ({ ...(row as unknown as ChangeRow), id: BigInt(row['id'] as string), ref_id: row['ref_id'] as string | null }));
  }

  /** The newest id (0 when the table is empty): where a replica starts. */
  async newestId(): Promise<bigint> {
    const [row] = await this.query(`SELECT coalesce(max(id), 0)::text AS id FROM stream_events`);
    return BigInt(row['id'] as string);
  }

  /** The oldest id kept (null when the table is empty): a Last-Event-ID before it has lost events. */
  async oldestId(): Promise<bigint | null> {
    const [row] = await this.query(`SELECT min(id)::text AS id FROM stream_events`);
    return row['id'] === null ? null : BigInt(row['id'] as string);
  }

  async frames(rows: ChangeRow[]): Promise<StreamFrame[]> {
    const tradeIds = rows.filter((r) => r.channel === 'trades' && r.ref_id !== null).map((r) => r.ref_id as string);
    const snapshotIds = rows.filter((r) => r.channel === 'marks' && r.ref_id !== null).map((r) => r.ref_id as string);
    const [trades, marks] = await Promise.all([this.trades(tradeIds), this.marks(snapshotIds)]);
    const frames: StreamFrame[] = [];
    for (const row of rows) {
      const id = row.id.toString();
      if (row.channel === 'trades') {
        if (row.ref_id === null) frames.push(frame('trades', null, 'reset', resetData(['trades'], 'bulk_write'), id));
        else {
          const trade = trades.get(row.ref_id);
          if (trade) frames.push(frame('trades', trade.perp_address, 'trades', trade, id));
        }
      } else if (row.channel === 'marks') {
        const mark = row.ref_id === null ? undefined : marks.get(row.ref_id);
        if (mark) frames.push(frame('marks', mark.perp_address, 'marks', mark, id));
      } else if (row.data) {
        const d = row.data as Record<string, string>;
        frames.push(
          frame(
            'index',
            null,
            'index',
            {
              chain_id: Number(d['chain_id']),
              block_number: Number(d['block_number']),
              block_hash: d['block_hash'],
              block_timestamp: Number(d['block_timestamp']),
            },
            id,
          ),
        );
      }
    }
    return frames;
  }

  private async trades(ids: string[]): Promise<Map<string, ReturnType<typeof tradeView>>> {
    if (ids.length === 0) return new Map();
    const rows = (await this.query(`SELECT ${TRADE_API_COLUMNS} FROM trades WHERE id = ANY($1::bigint[])`, [ids])) as unknown as TradeApiRow[];
    return new Map(rows.map((row) => [String(row.id), tradeView(row)]));
  }

  /** Each snapshot as /markets/{perp_address}/live would serve it were it the latest: the contract's mark at its time. */
  private async marks(ids: string[]): Promise<Map<string, ReturnType<typeof liveView>>> {
    if (ids.length === 0) return new Map();
    const rows = await this.query(
      `SELECT ${marketApiColumns('m')}, ${MARKET_CHAIN_COLUMNS.map((c) => `m.${c} AS c_${c}`).join(', ')},
         s.id AS s_id, s."timestamp" AS s_timestamp, s.amm_price_x96 AS s_amm_price_x96, s.index_price_x96 AS s_index_price_x96
       FROM snapshots s JOIN markets m ON m.perp_address = s.perp_address WHERE s.id = ANY($1::bigint[])`,
      [ids],
    );
    const views = new Map<string, ReturnType<typeof liveView>>();
    for (const row of rows) {
      const chain = decodeMarketChainRow(row, 'c_');
      const market = row as unknown as MarketApiRow;
      const snapshot: SnapshotApiRow = {
        id: String(row['s_id']),
        timestamp: row['s_timestamp'] as Date,
        perp_address: market.perp_address,
        amm_price_x96: String(row['s_amm_price_x96']),
        index_price_x96: row['s_index_price_x96'] as string | null,
      };
      views.set(String(row['s_id']), liveView(market, snapshot, chain));
    }
    return views;
  }
}
