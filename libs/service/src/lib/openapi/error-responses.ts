import type { OpenAPIObject, OperationObject, ReferenceObject, ResponseObject, SchemaObject } from '@nestjs/swagger';

/** A schema registered once under components.schemas and referenced by name. */
export interface NamedSchema {
  name: string;
  schema: SchemaObject;
}

export interface ErrorResponsePolicy {
  /** The service's one error body: every error response refers to it, unless `byStatus` names another. */
  error: NamedSchema;
  /** Error bodies of another shape, by status (market-data's 422 is FastAPI's HTTPValidationError). */
  byStatus?: Readonly<Record<number, NamedSchema>>;
  /** Descriptions of the statuses the HTTP layer gives before or around any handler (see `frameworkErrorStatuses`). */
  framework: Readonly<Record<FrameworkStatus, string>>;
}

export type FrameworkStatus = 400 | 408 | 413 | 414 | 415 | 429 | 500;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
// Fastify parses a body on these methods (and answers 413/415 for it), whether the route reads one or not.
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The statuses the HTTP layer can give on an operation whatever its handler does: 400 (a URL
 * with bad percent-encoding, malformed JSON), 408 (the request did not arrive in time), 500,
 * 414 where a path parameter can be over-long, 413/415 where Fastify reads a body, 429 where
 * authentication applies (per-key limits and the per-address limit on failed authentication).
 */
export function frameworkErrorStatuses(method: string, path: string, operation: OperationObject): FrameworkStatus[] {
  const statuses: FrameworkStatus[] = [400, 408, 500];
  if (path.includes('{')) statuses.push(414);
  if (BODY_METHODS.has(method.toLowerCase())) statuses.push(413, 415);
  if ((operation.security ?? []).some((requirement) => Object.keys(requirement).length > 0)) statuses.push(429);
  return statuses.sort((a, b) => a - b);
}

const isReference = (schema: unknown): schema is ReferenceObject => typeof (schema as ReferenceObject | undefined)?.$ref === 'string';
const refTo = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/**
 * Gives every error response of the document one named schema, instead of the copy each
 * decorator inlined (or none), and documents on each operation the statuses of
 * `frameworkErrorStatuses` that its decorators did not. A response that already refers to a
 * named schema keeps it (e.g. /ready's 503 is the readiness report).
 */
export function documentErrorResponses(document: OpenAPIObject, policy: ErrorResponsePolicy): OpenAPIObject {
  const schemas = (document.components ??= {}).schemas ?? {};
  document.components.schemas = schemas;
  for (const named of [policy.error, ...Object.values(policy.byStatus ?? {})]) schemas[named.name] = named.schema;

  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const responses = operation.responses as Record<string, ResponseObject>;
      for (const status of frameworkErrorStatuses(method, path, operation)) responses[status] ??= { description: policy.framework[status] };
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        const current = response.content?.['application/json']?.schema;
        if (isReference(current)) continue;
        const named = policy.byStatus?.[Number(status)] ?? policy.error;
        response.content = { 'application/json': { schema: refTo(named.name) } };
      }
      operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
  return document;
}

/**
 * Sets each operation's operationId from `ids` ("GET /path" -> id). An operation the map misses
 * keeps Nest's generated `Controller_method` name (a test app's extra route, or a new route:
 * each app's openapi-conventions spec fails on such a name, so the map stays complete).
 */
export function nameOperations(document: OpenAPIObject, ids: Readonly<Record<string, string>>): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      const id = ids[`${method.toUpperCase()} ${path}`];
      if (operation && id) operation.operationId = id;
    }
  }
  return document;
}
