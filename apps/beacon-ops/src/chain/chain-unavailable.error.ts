/** The chain's JSON-RPC endpoint does not answer: 502 in the envelope (DESIGN.md section 5). */
export class ChainUnavailableError extends Error {
  readonly status = 502;
  readonly detail = 'Chain RPC unavailable';

  constructor(cause?: unknown) {
    super('Chain RPC unavailable', { cause });
    this.name = 'ChainUnavailableError';
  }
}
