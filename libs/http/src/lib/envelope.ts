import { Type, applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, ReferenceObject, SchemaObject, getSchemaPath } from '@nestjs/swagger';

/** beacon-ops' response envelope, on success and failure alike. */
export interface Envelope<T> {
  success: boolean;
  data: T | null;
  message: string;
}

export function ok<T>(data: T, message = 'OK'): Envelope<T> {
  return { success: true, data, message };
}

export function failure(message: string): Envelope<null> {
  return { success: false, data: null, message };
}

const isClass = (value: unknown): value is Type<unknown> => typeof value === 'function';

/** The envelope's schema around a data schema (or none: data is then always null). */
export function envelopeSchema(data: SchemaObject | ReferenceObject | null, title?: string): SchemaObject {
  const dataSchema: SchemaObject | ReferenceObject = data === null ? { type: 'object', nullable: true, example: null } : { ...data, nullable: true };
  return {
    ...(title ? { title } : {}),
    type: 'object',
    required: ['success', 'data', 'message'],
    properties: {
      success: { type: 'boolean' },
      data: dataSchema,
      message: { type: 'string' },
    },
  };
}

export interface ApiEnvelopeOptions {
  status?: number;
  description?: string;
}

/**
 * Documents a route's envelope response with the given data: a DTO class, an inline
 * schema (`{ type: 'string' }`), or null. `@ApiEnvelopeResponse(BatchResultDto)`.
 */
export function ApiEnvelopeResponse(data: Type<unknown> | SchemaObject | null, options: ApiEnvelopeOptions = {}): MethodDecorator & ClassDecorator {
  const status = options.status ?? 200;
  const description = options.description ?? 'Envelope with success true';
  if (isClass(data)) {
    return applyDecorators(
      ApiExtraModels(data),
      ApiResponse({ status, description, schema: envelopeSchema({ $ref: getSchemaPath(data) }, `Envelope[${data.name}]`) }),
    );
  }
  return applyDecorators(ApiResponse({ status, description, schema: envelopeSchema(data) }));
}

/** Documents error statuses as envelopes with success false and data null. */
export function ApiEnvelopeErrors(statuses: Record<number, string>): MethodDecorator & ClassDecorator {
  const schema = envelopeSchema(null, 'ErrorEnvelope');
  return applyDecorators(...Object.entries(statuses).map(([status, description]) => ApiResponse({ status: Number(status), description, schema })));
}
