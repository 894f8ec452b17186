import { applyDecorators, Type, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiSecurity, SchemaObject } from '@nestjs/swagger';
import { RequestGuard } from './request-guard';
import { RouteGuard } from './route-guards';

/** An OpenAPI security scheme registered on the document (DocumentBuilder.addApiKey / addBearerAuth). */
export interface SecuritySchemeRef {
  type: 'apiKey' | 'bearer';
  /** The scheme's name in components.securitySchemes, e.g. `APIKeyHeader`. */
  name: string;
}

export interface AuthenticatedOptions {
  /** A RequestGuard, so that authenticateBeforeBody can run it before the body is read. */
  guard: Type<RequestGuard>;
  scheme: SecuritySchemeRef;
  /** Error statuses the guard answers, with their description; 401 at least. */
  responses: { 401: string } & Partial<Record<403 | 429 | 503, string>>;
  /** The service's error body, documented on those responses. */
  errorSchema?: SchemaObject;
}

/**
 * One decorator per route (or controller) for authentication: applies the guard, records
 * it in the route's Fastify config (for authenticateBeforeBody) AND declares the security
 * requirement and the error responses in OpenAPI, so the three cannot drift apart.
 * Services wrap it into their own, e.g. `RequireApiKey()`.
 */
export function Authenticated(options: AuthenticatedOptions): MethodDecorator & ClassDecorator {
  const security = options.scheme.type === 'bearer' ? ApiBearerAuth(options.scheme.name) : ApiSecurity(options.scheme.name);
  const responses = Object.entries(options.responses).map(([status, description]) =>
    ApiResponse({
      status: Number(status),
      description,
      ...(options.errorSchema ? { schema: options.errorSchema } : {}),
      ...(status === '401' && options.scheme.type === 'bearer'
        ? { headers: { 'WWW-Authenticate': { description: 'Bearer', schema: { type: 'string' } } } }
        : {}),
    }),
  );
  return applyDecorators(UseGuards(options.guard), RouteGuard(options.guard), security, ...responses);
}
