/** A stable name for each status beacon-ops answers (DESIGN.md §5), for code that branches on the kind of failure. */
export const BEACON_OPS_ERROR_CODES = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'beacon_not_found',
  408: 'request_timeout',
  409: 'idempotency_conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'invalid_request',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'chain_unavailable',
  503: 'service_unavailable',
  504: 'receipt_timeout',
} as const;

export type BeaconOpsErrorCode = (typeof BEACON_OPS_ERROR_CODES)[keyof typeof BEACON_OPS_ERROR_CODES] | 'unexpected_status';

// What the-beaconator's updater parses out of a 504 too: the transaction is sent, its receipt did not come in time.
const TRANSACTION_HASH = /Transaction hash: (0x[0-9a-fA-F]{64})/;

/**
 * A beacon-ops answer with `success: false`: its status, a code for it, the request id
 * (X-Request-Id), the envelope's message, the transaction hash a 504 names (the transaction
 * was sent: check it before sending again), and for a 429 the seconds Retry-After asks to wait.
 */
export class BeaconOpsApiError extends Error {
  override readonly name = 'BeaconOpsApiError';

  constructor(
    readonly status: number,
    readonly code: BeaconOpsErrorCode,
    readonly requestId: string | undefined,
    readonly detail: string,
    readonly transactionHash?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status} ${code}: ${detail}${requestId ? ` (request ${requestId})` : ''}`);
  }

  /** From a response whose envelope says failure (or that is no envelope at all). */
  static from(response: Response, body: unknown): BeaconOpsApiError {
    const message = (body as { message?: unknown } | undefined)?.message;
    const detail = typeof message === 'string' ? message : response.statusText || 'no message';
    const code = BEACON_OPS_ERROR_CODES[response.status as keyof typeof BEACON_OPS_ERROR_CODES] ?? 'unexpected_status';
    const retryAfter = response.headers.get('retry-after');
    return new BeaconOpsApiError(
      response.status,
      code,
      response.headers.get('x-request-id') ?? undefined,
      detail,
      TRANSACTION_HASH.exec(detail)?.[1],
      retryAfter !== null && Number.isFinite(Number(retryAfter)) ? Number(retryAfter) : undefined,
    );
  }
}
