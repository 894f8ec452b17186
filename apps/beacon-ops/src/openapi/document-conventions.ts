import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import { documentErrorResponses, nameOperations } from '@perp/service';
import { markDeprecatedAliases } from '../http/deprecated-aliases';
import { BEACON_OPS_OPERATION_IDS } from './operation-ids';

/** The one error body of beacon-ops: the envelope with success false and data null (component `ErrorEnvelope`). */
export const ERROR_ENVELOPE: SchemaObject = {
  title: 'ErrorEnvelope',
  type: 'object',
  required: ['success', 'data', 'message'],
  properties: {
    success: { type: 'boolean', enum: [false], example: false },
    data: { type: 'object', nullable: true, description: 'Always null on failure', example: null },
    // No example text: one message would be false under every other status.
    message: { type: 'string', description: 'What went wrong, e.g. "Beacon not found: no contract at 0x..." (404); a 504 ends with "Transaction hash: 0x..."' },
  },
};

/**
 * the-beaconator's tags, `Beacon` and `Information`: openapi-python-client puts each module in
 * a folder named after its tag (`api/beacon/routes_beacon_update_beacon.py`), so the tag is
 * part of its users' import paths, like the operationId.
 */
function tagAsTheBeaconator(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.post]) {
      if (operation?.operationId?.startsWith('routes_beacon_')) operation.tags = ['Beacon'];
      else if (operation?.operationId?.startsWith('routes_info_')) operation.tags = ['Information'];
    }
  }
}

/**
 * The document's conventions, applied once to what the decorators give: deprecated aliases
 * marked, operationIds and tags (the-beaconator's), one `ErrorEnvelope` component for every error, and the statuses the
 * HTTP layer gives on every route. openapi-conventions.spec.ts checks the result.
 */
export function applyBeaconOpsConventions(document: OpenAPIObject): OpenAPIObject {
  nameOperations(markDeprecatedAliases(document), BEACON_OPS_OPERATION_IDS);
  tagAsTheBeaconator(document);
  return documentErrorResponses(document, {
    error: { name: 'ErrorEnvelope', schema: ERROR_ENVELOPE },
    framework: {
      400: 'Malformed JSON body, or a URL with bad percent-encoding',
      408: 'Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS',
      413: 'Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 16 KiB for /update_beacon_with_ecdsa_adapter, 4 KiB for the rest)',
      414: 'A path parameter over 256 characters',
      415: 'Unsupported media type: a body that is not application/json',
      429: 'Too many failed authentication attempts from this address, or the token’s limits are used up; Retry-After gives the seconds to wait',
      500: 'Internal server error (sanitised)',
    },
  });
}
