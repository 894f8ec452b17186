import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

export type EndpointStatus = 'working' | 'deprecated';

export interface EndpointEntry {
  method: string;
  path: string;
  description: string;
  requires_auth: boolean;
  status: EndpointStatus;
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
            status: operation.deprecated ? 'deprecated' : 'working',
          } satisfies EndpointEntry,
        ];
      }),
    );
  }

  endpoints(): EndpointEntry[] {
    return this.entries;
  }
}
