import { fail, OperationError } from '../errors/operation-error';

/** An Idempotency-Key already used for a different request (IETF idempotency-key draft: 422). */
export function idempotencyKeyReused(key: string): OperationError {
  return fail('idempotency_key_reused', `Idempotency-Key ${JSON.stringify(key)} was already used with a different request`);
}

/** A retry arrived while the first request with its key was still running, and it stayed so (IETF draft: 409). */
export function idempotencyKeyInFlight(key: string): OperationError {
  return fail('idempotency_key_in_flight', `A request with Idempotency-Key ${JSON.stringify(key)} is still in progress; retry later`);
}
