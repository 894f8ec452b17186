import { applyDecorators } from '@nestjs/common';
import { ApiResponse, SchemaObject } from '@nestjs/swagger';

/** The one error body of market-data (every status but 422): the component `ErrorDetail` of the document. */
export const DETAIL_ERROR: SchemaObject = {
  title: 'ErrorDetail',
  type: 'object',
  required: ['detail'],
  // No example: one text would be false under every other status (the response's description says what each one means).
  properties: { detail: { type: 'string', description: 'What went wrong, e.g. "Market not found" (404), "Missing API key" (401)' } },
};

/** FastAPI's HTTPValidationError, as the 422 of @perp/http renders it: the component `HTTPValidationError`. */
export const VALIDATION_ERROR: SchemaObject = {
  title: 'HTTPValidationError',
  type: 'object',
  required: ['detail'],
  properties: {
    detail: {
      type: 'array',
      items: {
        title: 'ValidationError',
        type: 'object',
        required: ['loc', 'msg', 'type'],
        properties: {
          loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
          msg: { type: 'string' },
          type: { type: 'string' },
          input: {},
          ctx: { type: 'object' },
        },
      },
    },
  },
};

export interface ErrorDocs {
  /** The 404 detail(s), e.g. 'Market not found'. */
  404?: string;
  /** Documents the 422 validation error (path or query); a string says what fails. */
  422?: boolean | string;
  /** The stores whose outage gives 503 (the key store's is added: every route is authenticated). */
  stores?: Array<'Index store' | 'Source store'>;
}

/** The error responses of a market route besides the 401 of @RequireApiKey(). */
export function ApiErrors(docs: ErrorDocs): MethodDecorator & ClassDecorator {
  const decorators = [];
  if (docs[404]) decorators.push(ApiResponse({ status: 404, description: docs[404], schema: DETAIL_ERROR }));
  if (docs[422]) {
    const description = typeof docs[422] === 'string' ? docs[422] : 'Validation error (path or query)';
    decorators.push(ApiResponse({ status: 422, description, schema: VALIDATION_ERROR }));
  }
  const stores = [...(docs.stores ?? []), 'Key store'];
  decorators.push(ApiResponse({ status: 503, description: stores.map((store) => `${store} unavailable`).join(', or '), schema: DETAIL_ERROR }));
  return applyDecorators(...decorators);
}
