/** Thrown by withDeadline when the work has not settled in time. */
export class DeadlineExceededError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = 'DeadlineExceededError';
  }
}

/**
 * Settles with `work` or, after `timeoutMs`, rejects with DeadlineExceededError. The work
 * goes on in the background (its own timeouts end it); its late failure is swallowed here
 * so that it cannot surface as an unhandled rejection.
 */
export function withDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceededError(timeoutMs)), timeoutMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
