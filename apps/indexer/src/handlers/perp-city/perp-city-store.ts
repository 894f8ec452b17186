import {
  decodePositionsRow,
  MARKETS_COLUMNS,
  POSITION_SETTLEMENTS_COLUMNS,
  POSITIONS_COLUMNS,
  rowCells,
  SNAPSHOTS_COLUMNS,
  TICKS_COLUMNS,
  TRADES_COLUMNS,
  type Cell,
  type MarketsRow,
  type PositionSettlementsRow,
  type PositionsRow,
  type TicksRow,
  type TradesRow,
} from '@perp/index-db';
import type { EntityManager } from 'typeorm';
import type { OpenBands } from './perp-city-bands';

type Raw = Record<string, unknown>;

/** Operators set these in the store; the chain has none, so an upsert never overwrites them. */
const COSMETIC = new Set(['description', 'photo_url', 'data_source', 'card_label', 'ticker']);
/** A market's identity, fixed at creation: set once. */
const MARKET_KEY_AND_IDENTITY = new Set(['perp_address', 'created_at', ...COSMETIC]);

const sqlValue = (cell: Cell): unknown => (typeof cell === 'bigint' ? cell.toString() : cell);

/** INSERT ... ON CONFLICT (key) DO UPDATE of whole rows, built from index-db's column lists (the one owner of the schema). */
function upsertSql(table: string, columns: readonly string[], key: readonly string[], keep: ReadonlySet<string>, rows: number): string {
  const width = columns.length;
  const tuples = Array.from({ length: rows }, (_, r) => `(${columns.map((_, c) => `$${r * width + c + 1}`).join(', ')})`);
  const updates = columns.filter((c) => !key.includes(c) && !keep.has(c)).map((c) => `"${c}" = EXCLUDED."${c}"`);
  return `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${updates.join(', ')}`;
}

function insertSql(table: string, columns: readonly string[], rows: number): string {
  const width = columns.length;
  const tuples = Array.from({ length: rows }, (_, r) => `(${columns.map((_, c) => `$${r * width + c + 1}`).join(', ')})`);
  return `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')}`;
}

// Serial ids are the store's: an indexer row leaves them to their sequence.
const SNAPSHOT_WRITE_COLUMNS = SNAPSHOTS_COLUMNS.filter((c) => c !== 'id');
const TRADE_WRITE_COLUMNS = TRADES_COLUMNS.filter((c) => c !== 'id');
const SETTLEMENT_WRITE_COLUMNS = POSITION_SETTLEMENTS_COLUMNS.filter((c) => c !== 'id');

/** The index store as the Perp City handler writes it, inside the follower's block transaction. */
export class PerpCityStore {
  constructor(private readonly tx: EntityManager) {}

  async markets(addresses: readonly string[]): Promise<Map<string, Raw>> {
    if (addresses.length === 0) return new Map();
    const rows: Raw[] = await this.tx.query(`SELECT ${MARKETS_COLUMNS.map((c) => `"${c}"`).join(', ')} FROM markets WHERE perp_address = ANY($1)`, [
      [...addresses],
    ]);
    return new Map(rows.map((row) => [row['perp_address'] as string, row]));
  }

  async upsertMarkets(rows: readonly MarketsRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.tx.query(
      upsertSql('markets', MARKETS_COLUMNS, ['perp_address'], MARKET_KEY_AND_IDENTITY, rows.length),
      rows.flatMap((row) => rowCells(MARKETS_COLUMNS, row).map(sqlValue)),
    );
  }

  /** Stored positions of one market by id (decoded back into rows: numerics as bigint). */
  async positions(perpAddress: string, ids: readonly bigint[]): Promise<Map<bigint, PositionsRow>> {
    if (ids.length === 0) return new Map();
    const rows: Raw[] = await this.tx.query(
      `SELECT ${POSITIONS_COLUMNS.map((c) => `"${c}"`).join(', ')} FROM positions WHERE perp_address = $1 AND id = ANY($2::bigint[])`,
      [perpAddress, ids.map(String)],
    );
    return new Map(rows.map((row) => [BigInt(row['id'] as string), decodePositionsRow(row)]));
  }

  async upsertPositions(rows: readonly PositionsRow[]): Promise<void> {
    // A statement's parameters are capped at 65535: positions have 32 columns.
    for (let at = 0; at < rows.length; at += 1000) {
      const chunk = rows.slice(at, at + 1000);
      await this.tx.query(
        upsertSql('positions', POSITIONS_COLUMNS, ['perp_address', 'id'], new Set(), chunk.length),
        chunk.flatMap((row) => rowCells(POSITIONS_COLUMNS, row).map(sqlValue)),
      );
    }
  }

  /** The bands of a market's open makers as stored (positions_open_makers_idx). */
  async openMakerBands(perpAddress: string): Promise<OpenBands> {
    const rows: { id: string; tick_lower: number; tick_upper: number }[] = await this.tx.query(
      `SELECT id, tick_lower, tick_upper FROM positions WHERE perp_address = $1 AND NOT is_closed AND is_maker AND tick_lower IS NOT NULL`,
      [perpAddress],
    );
    return new Map(rows.map((r) => [BigInt(r.id), { posId: BigInt(r.id), tickLower: r.tick_lower, tickUpper: r.tick_upper }]));
  }

  /** Makes a market's ticks rows exactly `rows` (all of that market): a tick no longer among them is deleted. */
  async replaceTicks(perpAddress: string, rows: readonly TicksRow[]): Promise<void> {
    await this.tx.query(`DELETE FROM ticks WHERE perp_address = $1 AND NOT (tick = ANY($2::int[]))`, [perpAddress, rows.map((r) => r.tick)]);
    if (rows.length === 0) return;
    // A statement's parameters are capped at 65535: ticks have 6 columns.
    for (let at = 0; at < rows.length; at += 5000) {
      const chunk = rows.slice(at, at + 5000);
      await this.tx.query(
        upsertSql('ticks', TICKS_COLUMNS, ['perp_address', 'tick'], new Set(), chunk.length),
        chunk.flatMap((row) => rowCells(TICKS_COLUMNS, row).map(sqlValue)),
      );
    }
  }

  async insertTrades(rows: readonly Omit<TradesRow, 'id'>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.tx.query(
      insertSql('trades', TRADE_WRITE_COLUMNS, rows.length),
      rows.flatMap((row) => TRADE_WRITE_COLUMNS.map((c) => sqlValue(row[c]))),
    );
  }

  /** After the positions they name (position_settlements_position_fkey). */
  async insertSettlements(rows: readonly Omit<PositionSettlementsRow, 'id'>[]): Promise<void> {
    // A statement's parameters are capped at 65535: settlements have 7 columns.
    for (let at = 0; at < rows.length; at += 5000) {
      const chunk = rows.slice(at, at + 5000);
      await this.tx.query(
        insertSql('position_settlements', SETTLEMENT_WRITE_COLUMNS, chunk.length),
        chunk.flatMap((row) => SETTLEMENT_WRITE_COLUMNS.map((c) => sqlValue(row[c]))),
      );
    }
  }

  async insertSnapshots(
    rows: readonly { perp_address: string; timestamp: string; amm_price_x96: bigint; index_price_x96: bigint | null; block_number: number }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.tx.query(
      insertSql('snapshots', SNAPSHOT_WRITE_COLUMNS, rows.length),
      rows.flatMap((row) => SNAPSHOT_WRITE_COLUMNS.map((c) => sqlValue(row[c] as Cell))),
    );
  }

  /** Rows a reorg made untrue: the append-only ones after the fork, and the mutable rows written after it (to re-read). */
  async dropAppendOnlyAfter(forkBlock: number): Promise<void> {
    await this.tx.query(`DELETE FROM trades WHERE block_number > $1`, [forkBlock]);
    await this.tx.query(`DELETE FROM position_settlements WHERE block_number > $1`, [forkBlock]);
    await this.tx.query(`DELETE FROM snapshots WHERE block_number > $1`, [forkBlock]);
    // The markets rows re-read at the fork then match the latest point left, so their trigger adds none.
    await this.tx.query(`DELETE FROM funding_history WHERE block_number > $1`, [forkBlock]);
    await this.tx.query(`DELETE FROM open_interest_history WHERE block_number > $1`, [forkBlock]);
  }

  async marketsWrittenAfter(forkBlock: number): Promise<Raw[]> {
    return this.tx.query(`SELECT ${MARKETS_COLUMNS.map((c) => `"${c}"`).join(', ')} FROM markets WHERE block_number > $1`, [forkBlock]);
  }

  async positionsWrittenAfter(forkBlock: number): Promise<PositionsRow[]> {
    const rows: Raw[] = await this.tx.query(`SELECT ${POSITIONS_COLUMNS.map((c) => `"${c}"`).join(', ')} FROM positions WHERE block_number > $1`, [forkBlock]);
    return rows.map(decodePositionsRow);
  }

  async deletePositions(perpAddress: string, ids: readonly bigint[]): Promise<void> {
    if (ids.length === 0) return;
    await this.tx.query(`DELETE FROM positions WHERE perp_address = $1 AND id = ANY($2::bigint[])`, [perpAddress, ids.map(String)]);
  }

  /** A market that did not exist at the fork, with every row that hangs from it. */
  async deleteMarket(perpAddress: string): Promise<void> {
    for (const table of ['trades', 'position_settlements', 'snapshots', 'positions', 'ticks', 'markets']) {
      await this.tx.query(`DELETE FROM ${table} WHERE perp_address = $1`, [perpAddress]);
    }
  }
}
