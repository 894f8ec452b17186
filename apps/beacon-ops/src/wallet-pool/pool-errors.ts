import { fail, OperationError } from '../errors/operation-error';

/** Every pool wallet is at or below the balance floor (DESIGN.md section 5: 503 insufficient gas). */
export function insufficientGas(floorWei: bigint): OperationError {
  return fail(
    'insufficient_gas',
    `Insufficient gas: no pool wallet can pay for the transaction (each is below the floor of ${floorWei} wei or cannot cover its cost); fund the wallet pool`,
  );
}

/** Every payable wallet stayed leased for the whole wait. */
export function allWalletsBusy(): OperationError {
  return fail('all_wallets_busy', 'All pool wallets are busy; retry later');
}

/** The previous update of the same beacon was still running at the end of the wait. */
export function beaconBusy(beacon: string): OperationError {
  return fail('beacon_busy', `Another update of beacon ${beacon} is still in progress; retry later`);
}

/**
 * The transaction is sent and journaled; the reconciler will finish it. The message ends with
 * `Transaction hash: 0x...`, the literal the-beaconator's updater parses out of a 504. The update
 * routes catch it and answer 200 with `confirmed: false` unless the request asks for the 504.
 */
export class ReceiptTimeoutError extends OperationError {
  constructor(readonly hash: string) {
    super('receipt_timeout', `No receipt in time; the transaction stays in the journal and will be reconciled. Transaction hash: ${hash}`);
  }
}

export function receiptTimeout(hash: string): ReceiptTimeoutError {
  return new ReceiptTimeoutError(hash);
}

/**
 * The transaction would revert (estimateGas failed). Nothing was signed or journaled.
 * Routes catch it by type to answer their own message (e.g. 422 "Invalid proof"); uncaught, it is 422.
 */
export class TransactionWouldRevertError extends OperationError {
  constructor(
    readonly reason: string | null,
    cause?: unknown,
  ) {
    super('would_revert', `Transaction would revert${reason ? `: ${reason}` : ''}`, { cause });
  }
}

/**
 * The node refused the signed transaction for a reason other than nonce or funds: 500 "Internal
 * server error" on the wire, as for any unexpected failure; the node's words are the cause (and in the journal row).
 */
export function transactionRejected(hash: string, refusal: unknown): OperationError {
  const text = refusal instanceof Error ? refusal.message : String(refusal);
  return fail('transaction_rejected', 'Internal server error', { cause: new Error(`The node refused transaction ${hash}: ${text}`, { cause: refusal }) });
}
