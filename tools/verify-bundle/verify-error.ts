/** A failed check, with the output of the process that failed it (shown by the command). */
export class VerifyError extends Error {
  constructor(
    message: string,
    readonly output?: string,
  ) {
    super(message);
    this.name = 'VerifyError';
  }
}

export function check(condition: unknown, message: string, output?: string): asserts condition {
  if (!condition) throw new VerifyError(message, output);
}
