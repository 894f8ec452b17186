import type { OpenAPIObject, OperationObject } from '@nestjs/swagger';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface DocumentOperation {
  /** "GET /markets/{perp_address}" */
  route: string;
  method: string;
  path: string;
  operation: OperationObject;
}

/** Every operation of a document, for tests and amendments that check or change each one. */
export function documentOperations(document: OpenAPIObject): DocumentOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      route: `${method.toUpperCase()} ${path}`,
      method,
      path,
      operation: item[method] as OperationObject,
    })),
  );
}

/** The statuses an operation documents, as numbers (no "default"). */
export function documentedStatuses(operation: OperationObject): number[] {
  return Object.keys(operation.responses)
    .map(Number)
    .filter((status) => Number.isInteger(status));
}
