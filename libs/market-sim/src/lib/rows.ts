import { Cell, POSITION_SETTLEMENTS_COLUMNS, POSITIONS_COLUMNS, SNAPSHOTS_COLUMNS, TRADES_COLUMNS } from '@perp/index-db';

/** The tables the simulator streams, with the column order of its COPY text rows (index-db owns the index tables' columns). */
export const TABLE_COLUMNS = {
  snapshots: SNAPSHOTS_COLUMNS,
  trades: TRADES_COLUMNS,
  positions: POSITIONS_COLUMNS,
  position_settlements: POSITION_SETTLEMENTS_COLUMNS,
  measurements: ['perp_address', 'ts', 'raw_value', 'index_x96', 'origin'],
} as const;

export type StreamedTable = keyof typeof TABLE_COLUMNS;

/** Receives COPY text lines (tab-separated, \N for null, newline-terminated). */
export interface RowSink {
  write(table: StreamedTable, line: string): void;
}

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
