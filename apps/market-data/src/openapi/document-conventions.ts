import type { OpenAPIObject } from '@nestjs/swagger';
import { documentErrorResponses, nameOperations } from '@perp/service';
import { DETAIL_ERROR, VALIDATION_ERROR } from '../common/api-errors';
import { MARKET_DATA_OPERATION_IDS } from './operation-ids';

/**
 * The document's conventions, applied once to what the decorators give: clean operationIds,
 * one `ErrorDetail` component for every error (422: `HTTPValidationError`), and the statuses
 * the HTTP layer gives on every route. openapi-conventions.spec.ts checks the result.
 */
export function applyMarketDataConventions(document: OpenAPIObject): OpenAPIObject {
  nameOperations(document, MARKET_DATA_OPERATION_IDS);
  return documentErrorResponses(document, {
    error: { name: 'ErrorDetail', schema: DETAIL_ERROR },
    byStatus: { 422: { name: 'HTTPValidationError', schema: VALIDATION_ERROR } },
    framework: {
      400: 'Bad request: a URL with bad percent-encoding, or a body that is not valid JSON',
      408: 'Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS',
      413: 'Request body too large (4 KiB on the key routes; the limit of the route otherwise)',
      414: 'A path parameter over 256 characters',
      415: 'Unsupported media type: a body that is not application/json',
      429: 'Rate limit exceeded (per key), or too many failed authentications from this address; Retry-After gives the seconds to wait',
      500: 'Internal server error (sanitised; X-Request-Id names the request in the logs)',
    },
  });
}
