import { Type, applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ReferenceObject, SchemaObject, getSchemaPath } from '@nestjs/swagger';

/** The paginated envelope of every list response. */
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  has_more: boolean;
}

export interface PageLimits {
  min: number;
  max: number;
  default: number;
}

/** The spec's "Limits" table (both route families). */
export const PAGE_LIMITS = {
  markets: { min: 1, max: 500, default: 100 },
  positions: { min: 1, max: 500, default: 100 },
  liquidatable: { min: 1, max: 500, default: 100 },
  snapshots: { min: 1, max: 1000, default: 100 },
  oi: { min: 1, max: 1000, default: 100 },
  trades: { min: 1, max: 500, default: 50 },
  history: { min: 1, max: 1000, default: 500 },
} as const satisfies Record<string, PageLimits>;

export type PageKind = keyof typeof PAGE_LIMITS;

export function toPage<T>(items: T[], total: number, query: { limit: number; offset: number }): Page<T> {
  return {
    items,
    total,
    limit: query.limit,
    offset: query.offset,
    has_more: query.offset + items.length < total,
  };
}

/** The page schema around an item schema; FastAPI names it `Page[Item]`. */
export function pageSchema(item: SchemaObject | ReferenceObject, title?: string): SchemaObject {
  return {
    ...(title ? { title } : {}),
    type: 'object',
    required: ['items', 'total', 'limit', 'offset', 'has_more'],
    properties: {
      items: { type: 'array', items: item },
      total: { type: 'integer' },
      limit: { type: 'integer' },
      offset: { type: 'integer' },
      has_more: { type: 'boolean', description: 'offset + items.length < total' },
    },
  };
}

/** Documents a 200 `Page<Model>`: `@ApiPageResponse(MarketDto)`. */
export function ApiPageResponse(model: Type<unknown>, description = 'A page of results'): MethodDecorator & ClassDecorator {
  return applyDecorators(ApiExtraModels(model), ApiOkResponse({ description, schema: pageSchema({ $ref: getSchemaPath(model) }, `Page[${model.name}]`) }));
}
