import { BeaconOpsError } from '@perp/http';
import { Counter } from 'prom-client';

/**
 * Every failure beacon-ops raises itself, by kind, with the status the API answers for it. The
 * code stays on the server (the error's `code`, the `beacon_ops_errors_total{code}` metric); the
 * client sees only the status and the message, as the spec gives them.
 */
export const ERROR_STATUS = {
  /** The request is fine but the service is not set up for it (an unset or codeless contract address). */
  service_not_configured: 503,
  /** Every pool wallet is at or below the balance floor. */
  insufficient_gas: 503,
  /** Every payable wallet stayed busy for the whole wait. */
  all_wallets_busy: 503,
  /** The previous update of the same beacon was still running at the end of the wait. */
  beacon_busy: 503,
  /** Sent and journaled, no receipt within RECEIPT_TIMEOUT_MS. */
  receipt_timeout: 504,
  /** The transaction would revert (simulation): nothing was sent. */
  would_revert: 422,
  /** Mined and reverted, or mined without the event the route expects. */
  reverted_on_chain: 422,
  /** Above the gas cap of its kind: nothing was sent. */
  gas_cap_exceeded: 422,
  /** No contract at the beacon address. */
  beacon_not_found: 404,
  /** The service's signer or wallets lack the role the contract asks for. */
  not_authorised: 422,
  /** The request is well-formed but asks for nothing or for something the contract cannot take. */
  invalid_request: 422,
  /** The same Idempotency-Key with another request. */
  idempotency_key_reused: 422,
  /** A retry while the first request with its key still runs. */
  idempotency_key_in_flight: 409,
  /** A mined transaction whose receipt contradicts what it must have done (a bug or a foreign contract). */
  unexpected_receipt: 500,
  /** The transaction landed on a contract that is not the kind of beacon the route expects. */
  wrong_beacon_kind: 422,
  /** An ECDSA adapter that accepts another signer's measurements than the service's. */
  signer_mismatch: 422,
  /** No or an unknown bearer token. */
  authentication_failed: 401,
  /** Too many failed authentications from one address in the window. */
  too_many_failed_authentications: 429,
  /** The token's transactions per minute or gas per hour are spent. */
  rate_limited: 429,
  /** A route without an access policy (a programming error the guard refuses). */
  no_access_policy: 403,
  /** The chain's JSON-RPC endpoint does not answer in time, or refuses connections (DESIGN.md section 5). */
  chain_unavailable: 502,
  /** The node refused a signed transaction for a reason other than its nonce or funds: the wire says only "Internal server error". */
  transaction_rejected: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const answered = new Counter({ name: 'beacon_ops_errors_total', help: 'Failures beacon-ops answered, by the code it raised them with', labelNames: ['code'] });

/** A failure of one of the kinds above: its status by its code, its message on the wire. */
export class OperationError extends BeaconOpsError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(ERROR_STATUS[code], message, options);
    // The code in the server's log line of a 5xx (logFailure prints the name), never in the answer.
    this.name = `BeaconOpsError[${code}]`;
  }
}

/** The one way to raise a beacon-ops failure: `throw fail('beacon_busy', '…')`. */
export function fail(code: ErrorCode, message: string, options?: { cause?: unknown }): OperationError {
  return new OperationError(code, message, options);
}

/**
 * Counts an error the service answered (the envelope filter's `answered`), by its code: what
 * callers saw, not what was raised (the pool raises and handles some itself, e.g. a busy wallet
 * it then skips). A replayed idempotent failure carries no code and is not counted again.
 */
export function countAnsweredFailure(exception: unknown): void {
  if (exception instanceof OperationError) answered.inc({ code: exception.code });
}

/** The stored first answer of an idempotent request, again: its status and message, not a new failure. */
export function replayedFailure(status: number, message: string): BeaconOpsError {
  return new BeaconOpsError(status, message);
}
