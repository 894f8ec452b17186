/** A request body that is not JSON although its content type says so. */
export class MalformedJsonError extends Error {
  /** Fastify answers with this status when no filter handles the error. */
  readonly statusCode = 400;

  constructor(
    /** Character offset of the first error, as Python's json module reports it. */
    readonly position: number,
    /** Python's description, e.g. "Expecting property name enclosed in double quotes". */
    readonly reason: string,
  ) {
    super(`Malformed JSON body: ${reason} (position ${position})`);
    // Deliberately not a SyntaxError: Nest would replace that with a bare 400 exception.
    this.name = 'MalformedJsonError';
  }
}
