import { Column, ColumnOptions, ValueTransformer } from 'typeorm';

/**
 * numeric(78,0) holds any uint256/int256 exactly; pg hands numerics back as strings, and
 * entities expose them as bigint so no on-chain integer ever passes through a JS float.
 */
export const bigintTransformer: ValueTransformer = {
  to: (value: bigint | null | undefined) => (value === null || value === undefined ? value : value.toString()),
  from: (value: string | null) => (value === null ? null : BigInt(value)),
};

/** Unix seconds in a bigint column: well inside Number.MAX_SAFE_INTEGER, so a plain number. */
export const unixSecondsTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

type ColumnExtras = Pick<ColumnOptions, 'nullable' | 'comment' | 'default'>;

/** An on-chain integer (atoms, X96, liquidity, 1e18-scaled funding): numeric(78,0), signed. */
export function OnChainIntegerColumn(name: string, extras: ColumnExtras = {}): PropertyDecorator {
  return Column({ name, type: 'numeric', precision: 78, scale: 0, transformer: bigintTransformer, nullable: false, ...extras });
}

/** A 20-byte address as lowercase 0x-hex; the table's CHECK enforces the form. */
export function AddressColumn(name: string, extras: ColumnExtras = {}): PropertyDecorator {
  return Column({ name, type: 'character varying', length: 42, nullable: false, ...extras });
}

/** Unix seconds (block timestamps). */
export function UnixSecondsColumn(name: string, extras: ColumnExtras = {}): PropertyDecorator {
  return Column({ name, type: 'bigint', transformer: unixSecondsTransformer, nullable: false, ...extras });
}

/** A small on-chain integer that fits int4: ticks, 1e6-scaled ratios and fees (uint24). */
export function SmallIntegerColumn(name: string, extras: ColumnExtras = {}): PropertyDecorator {
  return Column({ name, type: 'integer', nullable: false, ...extras });
}

/** The CHECK expression for a lowercase 0x-prefixed 20-byte address column. */
export function addressCheck(column: string): string {
  return `"${column}" ~ '^0x[0-9a-f]{40}$'`;
}

/** The block a row was last written from: the indexer's reorg handling deletes and re-reads by it. */
export function BlockNumberColumn(): PropertyDecorator {
  return Column({
    name: 'block_number',
    type: 'bigint',
    transformer: unixSecondsTransformer,
    nullable: true,
    comment: 'the block this row was last written from (the indexer); null for rows the simulator wrote directly',
  });
}
