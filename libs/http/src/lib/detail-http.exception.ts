import { HttpException } from '@nestjs/common';

/**
 * FastAPI's HTTPException: `{"detail": ...}` with a status and optional headers, e.g.
 * `new DetailHttpException(401, 'Not authenticated', { 'WWW-Authenticate': 'Bearer' })`.
 */
export class DetailHttpException extends HttpException {
  constructor(
    status: number,
    readonly detail: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super({ detail }, status);
    this.message = typeof detail === 'string' ? detail : JSON.stringify(detail);
    this.name = 'DetailHttpException';
  }
}
