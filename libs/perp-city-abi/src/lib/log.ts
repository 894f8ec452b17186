/**
 * A log as `eth_getLogs` / a receipt returns it. Quantities may come as JSON-RPC hex strings,
 * numbers or bigints; a pending log has no block fields.
 */
export interface RawLog {
  readonly address: string;
  readonly topics: readonly string[];
  readonly data: string;
  readonly blockNumber?: string | number | bigint | null;
  readonly blockHash?: string | null;
  readonly transactionHash?: string | null;
  readonly logIndex?: string | number | bigint | null;
}

/** Where a decoded log came from. Hashes and the address are lowercase; null when pending. */
export interface LogMeta {
  readonly address: string;
  readonly blockNumber: bigint | null;
  readonly blockHash: string | null;
  readonly transactionHash: string | null;
  readonly logIndex: number | null;
}

/** The contracts this library decodes logs of. */
export type AbiContract = 'Perp' | 'PerpFactory' | 'Beacon' | 'PoolManager';

/**
 * Why a decoder refused a log (returned as a typed value, not thrown):
 * - `no-topic`: an anonymous log (no topic0); none of our events is anonymous.
 * - `unknown-topic`: topic0 is none of this contract's fragments.
 * - `other-build`: the topic belongs to a build other than the one the caller asked for.
 * - `foreign-shape`: a topic0 we share with another standard (ERC-20 `Transfer`/`Approval`
 *   have 3 topics, the position NFT's have 4); the log is someone else's event.
 */
export type UnknownReason = 'no-topic' | 'unknown-topic' | 'other-build' | 'foreign-shape';

export interface UnknownLog<C extends AbiContract = AbiContract> {
  readonly contract: C;
  readonly name: 'Unknown';
  readonly reason: UnknownReason;
  readonly topic: string | null;
  readonly log: LogMeta;
}

/**
 * Why a log that claims to be ours (its topic0 is one of our fragments) could not be read,
 * or why the log itself is not a well-formed log:
 * - `malformed-log`: address, topic, data or a quantity is not valid hex of the right size.
 * - `topic-count`: the number of topics differs from the fragment's indexed fields + 1.
 * - `data-length`: a fixed-size event whose data is not exactly its encoded size.
 * - `abi`: the ABI decoder rejected the data (bad offset, short string, ...).
 */
export type LogDecodeFailure = 'malformed-log' | 'topic-count' | 'data-length' | 'abi';

/** Thrown for a log that is ours and unreadable: a gap a follower must not skip silently. */
export class PerpCityLogDecodeError extends Error {
  override readonly name = 'PerpCityLogDecodeError';

  constructor(
    readonly contract: AbiContract,
    readonly failure: LogDecodeFailure,
    /** The event the topic named (`null` when the log itself was malformed). */
    readonly event: string | null,
    detail: string,
    readonly log: Pick<RawLog, 'address' | 'transactionHash' | 'logIndex'>,
  ) {
    super(`${contract}${event ? `.${event}` : ''}: ${failure}: ${detail} (tx ${log.transactionHash ?? 'pending'}, log ${String(log.logIndex ?? '?')})`);
  }
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const WORD = /^0x[0-9a-fA-F]{64}$/;
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,16}$/;

export function isWord(value: unknown): value is string {
  return typeof value === 'string' && WORD.test(value);
}

/** Validates the log's shape (linear in its size) and returns its metadata. */
export function readLogMeta(contract: AbiContract, log: RawLog): LogMeta {
  const fail = (detail: string): never => {
    throw new PerpCityLogDecodeError(contract, 'malformed-log', null, detail, log);
  };
  if (typeof log.address !== 'string' || !ADDRESS.test(log.address)) fail('address is not a 20-byte hex string');
  if (!Array.isArray(log.topics) || log.topics.length > 4) fail('topics is not an array of at most 4 words');
  for (const topic of log.topics) if (!isWord(topic)) fail('a topic is not a 32-byte hex word');
  if (typeof log.data !== 'string' || !HEX_BYTES.test(log.data)) fail('data is not 0x-prefixed whole bytes');
  const optionalWord = (value: string | null | undefined, field: string): string | null => {
    if (value === undefined || value === null) return null;
    if (!isWord(value)) fail(`${field} is not a 32-byte hex word`);
    return value.toLowerCase();
  };
  const quantity = (value: string | number | bigint | null | undefined, field: string): bigint | null => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'bigint') return value >= 0n ? value : fail(`${field} is negative`);
    if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : fail(`${field} is not a safe non-negative integer`);
    if (typeof value === 'string' && QUANTITY.test(value)) return BigInt(value);
    if (typeof value === 'string' && /^[0-9]{1,20}$/.test(value)) return BigInt(value);
    return fail(`${field} is not a quantity`);
  };
  const logIndex = quantity(log.logIndex, 'logIndex');
  if (logIndex !== null && logIndex > BigInt(Number.MAX_SAFE_INTEGER)) fail('logIndex is too large');
  return {
    address: log.address.toLowerCase(),
    blockNumber: quantity(log.blockNumber, 'blockNumber'),
    blockHash: optionalWord(log.blockHash, 'blockHash'),
    transactionHash: optionalWord(log.transactionHash, 'transactionHash'),
    logIndex: logIndex === null ? null : Number(logIndex),
  };
}
