import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/** the-beaconator's EndpointStatus, spelled as its generated clients' enum: every route here is implemented. */
export const ENDPOINT_STATUSES = ['Working', 'NotImplemented', 'Deprecated'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

export interface EndpointEntry {
  method: string;
  path: string;
  description: string;
  requires_auth: boolean;
  status: EndpointStatus;
}

/** the-beaconator's ApiSummary (its openapi.json and generated clients): what GET / puts first in `data`. */
export interface EndpointSummary {
  total_endpoints: number;
  working_endpoints: number;
  not_implemented: number;
  deprecated: number;
  endpoints: EndpointEntry[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * The routes GET / lists, read from the app's own OpenAPI document (built from Nest's routes
 * by createBeaconOpsApp), so the list cannot drift from what the app serves.
 */
@Injectable()
export class RouteCatalog {
  private entries: EndpointEntry[] = [];

  useDocument(document: OpenAPIObject): void {
    const globalSecurity = document.security ?? [];
    this.entries = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) => {
        const operation = item[method];
        if (!operation) return [];
        return [
          {
            method: method.toUpperCase(),
            path,
            description: operation.summary ?? operation.description ?? '',
            requires_auth: (operation.security ?? globalSecurity).length > 0,
            status: operation.deprecated ? 'Deprecated' : 'Working',
          } satisfies EndpointEntry,
        ];
      }),
    );
  }

  /** The summary counts, from the list itself: working + not_implemented + deprecated = total_endpoints. */
  summary(): EndpointSummary {
    const count = (status: EndpointStatus) => this.entries.filter((e) => e.status === status).length;
    return {
      total_endpoints: this.entries.length,
      working_endpoints: count('Working'),
      not_implemented: count('NotImplemented'),
      deprecated: count('Deprecated'),
      endpoints: this.entries,
    };
  }
}
