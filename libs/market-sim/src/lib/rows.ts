/** The tables the simulator writes, with the column order of its COPY text rows. */
export const TABLE_COLUMNS = {
  snapshots: ['id', 'perp_address', 'timestamp', 'amm_price_x96', 'index_price_x96'],
  trades: ['id', 'perp_address', 'timestamp', 'pos_id', 'was_liquidated', 'perp_delta', 'usd_delta', 'mark_price_x96', 'funding', 'util_fees', 'liq_fee'],
  positions: [
    'id',
    'perp_address',
    'holder',
    'is_maker',
    'is_long',
    'is_closed',
    'open_timestamp',
    'close_timestamp',
    'was_liquidated',
    'margin',
    'perp_delta',
    'usd_delta',
    'avg_entry_amm_price_x96',
    'liq_margin_ratio',
    'backstop_margin_ratio',
    'tick_lower',
    'tick_upper',
    'liquidity',
    'entry_cumulative_funding_x96',
    'liq_mark_x96',
    'liq_key_x96',
    'entry_long_util_payments_x96',
    'entry_short_util_payments_x96',
    'entry_long_util_earnings_x96',
    'entry_short_util_earnings_x96',
    'capacity_long',
    'capacity_short',
    'entry_funding_below_x96',
    'entry_funding_within_x96',
    'entry_funding_div_sqrt_within_x96',
    'fee_growth_inside1_last_x128',
  ],
  measurements: ['perp_address', 'ts', 'raw_value', 'index_x96', 'origin'],
} as const;

export type StreamedTable = keyof typeof TABLE_COLUMNS;

/** Receives COPY text lines (tab-separated, \N for null, newline-terminated). */
export interface RowSink {
  write(table: StreamedTable, line: string): void;
}

type Cell = string | number | bigint | boolean | null;

/** One COPY text line. Values are escaped for the text format (tabs, newlines, backslashes). */
export function copyLine(cells: Cell[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += '\t';
    const cell = cells[i];
    if (cell === null) line += '\\N';
    else if (typeof cell === 'boolean') line += cell ? 't' : 'f';
    else if (typeof cell === 'string') line += /[\\\t\n\r]/.test(cell) ? cell.replace(/[\\\t\n\r]/g, escapeChar) : cell;
    else line += cell.toString();
  }
  return line + '\n';
}

function escapeChar(c: string): string {
  return c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r';
}

export function isoTime(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}
