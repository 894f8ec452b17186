import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Old route names that the-beaconator's public clients (its generated Python and TypeScript
 * clients, CI smoke and updater) still call, by the route they alias (DESIGN.md section 5,
 * "old client names"). An alias is the same handler: body, auth, idempotency and errors alike.
 */
export const DEPRECATED_ALIASES: Readonly<Record<string, string>> = {
  create_perpcity_beacon: 'create_registry_beacon',
  batch_create_perpcity_beacon: 'batch_create_registry_beacon',
};

/** The old names that also reach `path` (without the leading slash). */
export function aliasesOf(path: string): string[] {
  return Object.keys(DEPRECATED_ALIASES).filter((alias) => DEPRECATED_ALIASES[alias] === path);
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Nest names the operations of a handler with several paths `Controller_method[i]`. */
const baseOperationId = (id: string | undefined, fallback: string) => (id ?? fallback).replace(/\[\d+\]$/, '');

/**
 * Marks each alias path's operations `deprecated: true`, pointing to the current name; the
 * current path keeps its usual operationId and the alias gets its own.
 */
export function markDeprecatedAliases(document: OpenAPIObject): OpenAPIObject {
  for (const [alias, current] of Object.entries(DEPRECATED_ALIASES)) {
    const aliasItem = document.paths[`/${alias}`];
    const currentItem = document.paths[`/${current}`];
    for (const method of METHODS) {
      const operation = currentItem?.[method];
      if (currentItem && operation) currentItem[method] = { ...operation, operationId: baseOperationId(operation.operationId, current) };
      const old = aliasItem?.[method];
      if (!aliasItem || !old) continue;
      aliasItem[method] = {
        ...old,
        deprecated: true,
        operationId: `${baseOperationId(old.operationId, alias)}_${alias}`,
        summary: `Deprecated: old name of /${current}, same body, answer and errors. ${old.summary ?? ''}`.trim(),
      };
    }
  }
  return document;
}
