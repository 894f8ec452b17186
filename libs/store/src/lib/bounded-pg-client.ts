import { Client } from 'pg';

type QueryArgs = Parameters<Client['query']>;

/**
 * pg's client after a `query_timeout` ("Query read timeout") still waits for the answer of
 * the query it gave up on, so the pool would hand out a client whose next query queues
 * behind a hung one. This one closes its socket at once instead: the pool drops it and opens
 * a fresh connection when the database answers again. Given to the pool as its `Client`.
 */
export class BoundedPgClient extends Client {
  override query(...args: unknown[]): never {
    const callbackAt = args.findIndex((arg) => typeof arg === 'function');
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as (error: unknown, result: unknown) => void;
      args[callbackAt] = (error: unknown, result: unknown) => {
        this.dropIfTimedOut(error);
        callback(error, result);
      };
    }
    const result = (super.query as (...a: QueryArgs) => unknown)(...(args as QueryArgs));
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(undefined, (error: unknown) => this.dropIfTimedOut(error));
    }
    return result as never;
  }

  private dropIfTimedOut(error: unknown): void {
    if (!(error instanceof Error) || error.message !== 'Query read timeout') return;
    (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  }
}
