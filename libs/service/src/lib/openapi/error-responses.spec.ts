import type { OpenAPIObject } from '@nestjs/swagger';
import { documentErrorResponses, frameworkErrorStatuses, nameOperations } from './error-responses';

const FRAMEWORK = { 400: 'bad', 408: 'slow', 413: 'big', 414: 'long', 415: 'type', 429: 'many', 500: 'oops' };
const ERROR = { name: 'ErrorDetail', schema: { type: 'object', properties: { detail: { type: 'string' } } } } as const;

const doc = (): OpenAPIObject => ({
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'ThingsController_get',
        security: [{ APIKeyHeader: [] }],
        responses: {
          '200': { description: 'ok' },
          '404': {
            description: 'Thing not found',
            content: { 'application/json': { schema: { type: 'object', properties: { detail: { type: 'string' } } } } },
          },
          '422': { description: 'invalid' },
        },
      },
    },
    '/ready': {
      get: {
        responses: {
          '200': { description: 'ok' },
          '503': { description: 'down', content: { 'application/json': { schema: { $ref: '#/components/schemas/Ready' } } } },
        },
      },
    },
    '/things': { post: { responses: { '200': { description: 'ok' } } } },
  },
});

describe('documentErrorResponses', () => {
  it('derives the HTTP layer statuses of an operation from its path, method and security', () => {
    expect(frameworkErrorStatuses('get', '/things/{id}', { responses: {}, security: [{ APIKeyHeader: [] }] })).toEqual([400, 408, 414, 429, 500]);
    expect(frameworkErrorStatuses('post', '/things', { responses: {} })).toEqual([400, 408, 413, 415, 500]);
  });

  it('refers every error to the named schema (or the status one), adds the missing statuses, keeps a named schema', () => {
    const validation = { name: 'HTTPValidationError', schema: { type: 'object' } } as const;
    const out = documentErrorResponses(doc(), { error: ERROR, byStatus: { 422: validation }, framework: FRAMEWORK });
    const get = out.paths['/things/{id}'].get;
    expect(Object.keys(get?.responses ?? {})).toEqual(['200', '400', '404', '408', '414', '422', '429', '500']);
    expect(get?.responses['404']).toEqual({
      description: 'Thing not found',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDetail' } } },
    });
    expect(get?.responses['422']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPValidationError' } } } });
    expect(get?.responses['414']).toMatchObject({ description: 'long' });
    expect(out.paths['/ready'].get?.responses['503']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Ready' } } } });
    expect(Object.keys(out.components?.schemas ?? {})).toEqual(['ErrorDetail', 'HTTPValidationError']);
  });

  it('names the operations of the map and leaves the others as they were', () => {
    const out = nameOperations(doc(), { 'GET /things/{id}': 'getThing' });
    expect(out.paths['/things/{id}'].get?.operationId).toBe('getThing');
    expect(out.paths['/things'].post?.operationId).toBeUndefined();
  });
});
