import { BeaconOpsError } from '@perp/http';

/** An Idempotency-Key already used for a different request (IETF idempotency-key draft: 422). */
export function idempotencyKeyReused(key: string): BeaconOpsError {
  return new BeaconOpsError(422, `Idempotency-Key ${JSON.stringify(key)} was already used with a different request`);
}

/** A retry arrived while the first request with its key was still running, and it stayed so (IETF draft: 409). */
export function idempotencyKeyInFlight(key: string): BeaconOpsError {
  return new BeaconOpsError(409, `A request with Idempotency-Key ${JSON.stringify(key)} is still in progress; retry later`);
}
