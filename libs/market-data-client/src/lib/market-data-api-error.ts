/** A stable name for each status market-data answers (DESIGN.md §4), for code that branches on the kind of failure. */
export const MARKET_DATA_ERROR_CODES = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'validation_error',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'store_unavailable',
} as const;

export type MarketDataErrorCode = (typeof MARKET_DATA_ERROR_CODES)[keyof typeof MARKET_DATA_ERROR_CODES] | 'unexpected_status';

/** One FastAPI-style validation issue of a 422 (`HTTPValidationError.detail[]`). */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

/**
 * A market-data answer that was not a success: its status, a code for it, the request id
 * (X-Request-Id: quote it when asking about a failure), the `detail` text and, for a 422,
 * each validation issue; for a 429 or 503, the seconds Retry-After asks to wait.
 */
export class MarketDataApiError extends Error {
  override readonly name = 'MarketDataApiError';

  constructor(
    readonly status: number,
    readonly code: MarketDataErrorCode,
    readonly requestId: string | undefined,
    readonly detail: string,
    readonly issues: ValidationIssue[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status} ${code}: ${detail}${requestId ? ` (request ${requestId})` : ''}`);
  }

  /** From a failed response and its parsed body (`{detail: string}` or `{detail: ValidationIssue[]}`). */
  static from(response: Response, body: unknown): MarketDataApiError {
    const detail = (body as { detail?: unknown } | undefined)?.detail;
    const issues = Array.isArray(detail) ? (detail as ValidationIssue[]) : [];
    const text =
      typeof detail === 'string'
        ? detail
        : issues.length > 0
          ? issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; ')
          : response.statusText || 'no detail';
    const code = MARKET_DATA_ERROR_CODES[response.status as keyof typeof MARKET_DATA_ERROR_CODES] ?? 'unexpected_status';
    const retryAfter = Number(response.headers.get('retry-after'));
    return new MarketDataApiError(
      response.status,
      code,
      response.headers.get('x-request-id') ?? undefined,
      text,
      issues,
      Number.isFinite(retryAfter) && response.headers.has('retry-after') ? retryAfter : undefined,
    );
  }
}
