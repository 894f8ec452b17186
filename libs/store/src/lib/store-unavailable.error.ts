/**
 * A backing store (database, RPC) cannot be reached. Carries its HTTP rendering so the
 * apps' exception filters answer 503 with the store named, never a 500 or a hang.
 */
export class StoreUnavailableError extends Error {
  readonly status = 503;
  readonly detail: string;

  constructor(
    readonly store: string,
    cause?: unknown,
  ) {
    super(`${store} unavailable`, { cause });
    this.name = 'StoreUnavailableError';
    this.detail = `${store} unavailable`;
  }
}
