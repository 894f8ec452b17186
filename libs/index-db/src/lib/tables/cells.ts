/** A value a writer puts in one column: pg's own text encodings are applied by the driver or by COPY. */
export type Cell = string | number | bigint | boolean | null;

/** A full row of a table: one value for every column, keyed by the column's name. */
export type TableRow<Columns extends readonly string[]> = { [C in Columns[number]]: Cell };

/** The row's values in the order of `columns` (the order of a COPY or INSERT column list). */
export function rowCells<Columns extends readonly string[]>(columns: Columns, row: TableRow<Columns>): Cell[] {
  return columns.map((column) => row[column as Columns[number]]);
}

type Raw = Record<string, unknown>;

// pg returns int8 and numeric as strings: decoded straight to bigint (or number for int4 and unix seconds), never via a float.
export const big = (value: unknown): bigint => BigInt(value as string);
export const bigOrNull = (value: unknown): bigint | null => (value === null || value === undefined ? null : BigInt(value as string));
export const num = (value: unknown): number => Number(value);
export const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export type { Raw as RawRow };
