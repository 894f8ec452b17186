import { HttpException, NotFoundException } from '@nestjs/common';
import { MalformedJsonError } from './malformed-json.error';
import { RequestValidationError } from './request-validation.error';

/** What went wrong, independent of how a service renders it. */
export type ClassifiedError =
  | { kind: 'validation'; error: RequestValidationError }
  | { kind: 'malformed-json'; position?: number; reason: string }
  | { kind: 'missing-body' }
  | { kind: 'route-not-found' }
  | { kind: 'http'; status: number; message: string; detail: unknown; headers: Record<string, string> }
  | { kind: 'unexpected'; error: unknown };

/** An app's own error -> status and detail, for errors that follow no convention below. */
export type ErrorMapper = (error: unknown) => { status: number; detail: string; headers?: Record<string, string> } | undefined;

// Fastify's default JSON parser errors, which Nest re-throws as a bare HttpException
// carrying only the message (used when installJsonBodyParser is not).
const FASTIFY_INVALID_JSON = "Body is not valid JSON but content-type is set to 'application/json'";
const FASTIFY_EMPTY_JSON = "Body cannot be empty when content-type is set to 'application/json'";

// Our own words for Fastify's body errors (its messages name Fastify's options).
const FASTIFY_BODY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body length does not match Content-Length',
};

type Bag = Record<string, unknown>;
const isBag = (value: unknown): value is Bag => typeof value === 'object' && value !== null;

function headersOf(error: unknown): Record<string, string> {
  const headers = isBag(error) ? error['headers'] : undefined;
  if (!isBag(headers)) return {};
  return Object.fromEntries(Object.entries(headers).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}

const isStatus = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;

function fastifyBodyError(error: unknown): ClassifiedError | undefined {
  const code = isBag(error) ? error['code'] : undefined;
  const message = error instanceof Error ? error.message : undefined;
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || message === FASTIFY_INVALID_JSON) {
    return { kind: 'malformed-json', reason: 'Expecting value' };
  }
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || message === FASTIFY_EMPTY_JSON) return { kind: 'missing-body' };
  // The rest of Fastify's body errors (too large, unsupported media type, a length that does
  // not match Content-Length) are the client's: their own 4xx status, in the service's shape.
  // The connection closed while the body was read (the client left, or a timeout cut it):
  // nobody is there to answer, and it is no server failure to log.
  if (code === 'ECONNRESET') return { kind: 'http', status: 400, message: 'Request aborted', detail: 'Request aborted', headers: {} };
  const statusCode = isBag(error) ? error['statusCode'] : undefined;
  if (typeof code === 'string' && code.startsWith('FST_ERR_CTP_') && isStatus(statusCode) && statusCode < 500) {
    const detail = FASTIFY_BODY_MESSAGES[code] ?? message ?? 'Bad request body';
    return { kind: 'http', status: statusCode, message: detail, detail, headers: {} };
  }
  return undefined;
}

function isUnknownRoute(error: unknown, request: unknown): boolean {
  if (!(error instanceof NotFoundException)) return false;
  // Fastify marks requests that reached its not-found handler, where Nest throws this.
  return isBag(request) && request['is404'] === true;
}

function fromHttpException(error: HttpException): ClassifiedError {
  const response = error.getResponse();
  let detail: unknown = error.message;
  if (typeof response === 'string') detail = response;
  else if (isBag(response) && 'detail' in response) detail = response['detail'];
  else if (isBag(response) && typeof response['message'] === 'string') detail = response['message'];
  const message = typeof detail === 'string' ? detail : error.message;
  return { kind: 'http', status: error.getStatus(), message, detail, headers: headersOf(error) };
}

export function classifyException(error: unknown, request: unknown, mappers: ErrorMapper[] = []): ClassifiedError {
  if (error instanceof RequestValidationError) return { kind: 'validation', error };
  if (error instanceof MalformedJsonError) {
    return { kind: 'malformed-json', position: error.position, reason: error.reason };
  }
  const bodyError = fastifyBodyError(error);
  if (bodyError) return bodyError;
  if (isUnknownRoute(error, request)) return { kind: 'route-not-found' };
  if (error instanceof HttpException) return fromHttpException(error);

  for (const mapper of mappers) {
    const mapped = mapper(error);
    if (mapped) {
      return { kind: 'http', status: mapped.status, message: mapped.detail, detail: mapped.detail, headers: mapped.headers ?? {} };
    }
  }
  // Convention for app errors (e.g. StoreUnavailableError): a numeric `status` and a `detail` string.
  if (isBag(error) && isStatus(error['status']) && typeof error['detail'] === 'string') {
    const detail = error['detail'];
    return { kind: 'http', status: error['status'], message: detail, detail, headers: headersOf(error) };
  }
  return { kind: 'unexpected', error };
}
