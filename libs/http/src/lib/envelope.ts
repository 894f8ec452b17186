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

/**
 * The envelope's schema around a data schema (or none: data is then always null). `extra`: fields
 * a route's envelope carries besides the three (e.g. the update routes' `confirmed`), all required.
 */
export function envelopeSchema(data: SchemaObject | ReferenceObject | null, title?: string, extra: Record<string, SchemaObject> = {}): SchemaObject {
  const dataSchema: SchemaObject | ReferenceObject = data === null ? { type: 'object', nullable: true, example: null } : { ...data, nullable: true };
  return {
    ...(title ? { title } : {}),
    type: 'object',
    required: ['success', 'data', 'message', ...Object.keys(extra)],
    properties: {
      success: { type: 'boolean' },
      data: dataSchema,
      message: { type: 'string' },
      ...extra,
    },
  };
}

export interface ApiEnvelopeOptions {
  status?: number;
  description?: string;
  /** Envelope fields besides success, data and message (required in the schema). */
  extra?: Record<string, SchemaObject>;
}

/**
 * Documents a route's envelope response with the given data: a DTO class, an inline
 * schema (`{ type: 'string' }`), or null. `@ApiEnvelopeResponse(BatchResultDto)`.
 */
export function ApiEnvelopeResponse(data: Type<unknown> | SchemaObject | null, options: ApiEnvelopeOptions = {}): MethodDecorator & ClassDecorator {
  const status = options.status ?? 200;
  const description = options.description ?? 'Envelope with success true';
  const extra = options.extra ?? {};
  if (isClass(data)) {
    return applyDecorators(
      ApiExtraModels(data),
      ApiResponse({ status, description, schema: envelopeSchema({ $ref: getSchemaPath(data) }, `Envelope[${data.name}]`, extra) }),
    );
  }
  return applyDecorators(ApiResponse({ status, description, schema: envelopeSchema(data, undefined, extra) }));
}

/** Documents error statuses as envelopes with success false and data null. */
export function ApiEnvelopeErrors(statuses: Record<number, string>): MethodDecorator & ClassDecorator {
  const schema = envelopeSchema(null, 'ErrorEnvelope');
  return applyDecorators(...Object.entries(statuses).map(([status, description]) => ApiResponse({ status: Number(status), description, schema })));
}
