import { OperationError } from '../errors/operation-error';

/**
 * The chain's JSON-RPC endpoint does not answer: 502 "Chain RPC unavailable" (DESIGN.md section 5).
 * A class of its own because callers catch it by type (the pool forgets its nonces, the RPC errors count it).
 */
export class ChainUnavailableError extends OperationError {
  /** The wire message also as `detail`, the field StoreUnavailableError's convention gives it (and callers read). */
  readonly detail = 'Chain RPC unavailable';

  constructor(cause?: unknown) {
    super('chain_unavailable', 'Chain RPC unavailable', { cause });
  }
}
