import { ValueTransformer } from 'typeorm';

/** bigint columns that hold counters (nonces, tokens, blocks): pg returns strings; these fit a JS number. */
export const bigintAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** numeric(78,0) columns that hold wei amounts: exact as bigint. */
export const numericAsBigint: ValueTransformer = {
  to: (value: bigint | null | undefined) => (value === null || value === undefined ? value : value.toString()),
  from: (value: string | null) => (value === null ? null : BigInt(value)),
};
