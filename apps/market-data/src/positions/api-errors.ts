import { applyDecorators } from '@nestjs/common';
import { ApiNotFoundResponse, ApiResponse, ApiUnprocessableEntityResponse, SchemaObject } from '@nestjs/swagger';

const DETAIL: SchemaObject = { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } };

/** FastAPI's HTTPValidationError: what FastApiValidationPipe answers (spec "Errors"). */
const VALIDATION_ERROR: SchemaObject = {
  type: 'object',
  required: ['detail'],
  properties: {
    detail: {
      type: 'array',
      items: {
        type: 'object',
        required: ['loc', 'msg', 'type'],
        properties: {
          loc: { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
          msg: { type: 'string' },
          type: { type: 'string' },
          input: {},
          ctx: { type: 'object' },
        },
      },
    },
  },
};

/** The errors every position route can answer besides the API-key ones (401 from @RequireApiKey). */
export function ApiPositionErrors(invalid: string, notFound?: string): MethodDecorator {
  return applyDecorators(
    ApiUnprocessableEntityResponse({ description: invalid, schema: VALIDATION_ERROR }),
    // Overrides the key guard's 503 entry, so it names both stores.
    ApiResponse({ status: 503, description: 'Index store unavailable, or Key store unavailable (API-key check)', schema: DETAIL }),
    ...(notFound ? [ApiNotFoundResponse({ description: notFound, schema: DETAIL })] : []),
  );
}
