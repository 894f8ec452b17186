import { Envelope } from '@perp/http';
import { ReceiptTimeoutError } from '../wallet-pool/pool-errors';

/**
 * The envelope of /update_beacon, /update_beacon_with_ecdsa_adapter and /batch_update_beacon:
 * `confirmed` is true when the transaction's receipt came within the wait (RECEIPT_TIMEOUT_MS),
 * false when it was sent and journaled but its receipt had not come (as the-beaconator answers).
 */
export interface UpdateEnvelope<T> extends Envelope<T> {
  confirmed: boolean;
}

/** An update's outcome: its result once mined, or only the hash of a transaction still unmined at the end of the wait. */
export type UpdateOutcome<T> = { confirmed: true; result: T } | { confirmed: false; hash: string };

/** Runs the update; a receipt that did not come in time is an outcome, not an error. */
export async function unlessUnconfirmed<T>(update: () => Promise<T>): Promise<UpdateOutcome<T>> {
  try {
    return { confirmed: true, result: await update() };
  } catch (error) {
    if (error instanceof ReceiptTimeoutError) return { confirmed: false, hash: error.hash };
    throw error;
  }
}

/** The message of an unconfirmed answer; it ends with the literal the-beaconator's updater parses. */
export function unconfirmedMessage(hash: string): string {
  return `Sent, but its receipt did not come within the wait; the transaction stays in the journal and will be reconciled (retry with the same Idempotency-Key for its outcome). Transaction hash: ${hash}`;
}

/**
 * The answer of an update route: the confirmed result, or `confirmed: false` with `unconfirmed(hash)`
 * as data; or, for a request that asked for it (`require_confirmation=true`), the 504 it was before.
 */
export function updateAnswer<T, D>(
  outcome: UpdateOutcome<T>,
  requireConfirmation: boolean,
  confirmed: (result: T) => D,
  unconfirmed: (hash: string) => D,
): UpdateEnvelope<D> {
  if (outcome.confirmed) return { success: true, data: confirmed(outcome.result), message: 'OK', confirmed: true };
  if (requireConfirmation) throw new ReceiptTimeoutError(outcome.hash);
  return { success: true, data: unconfirmed(outcome.hash), message: unconfirmedMessage(outcome.hash), confirmed: false };
}
