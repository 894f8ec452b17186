/**
 * Builds each service's OpenAPI document from its code, with no database and no chain: the
 * app is created (not initialised, so no lifecycle hook runs) with its default settings, whose
 * stores and RPC connect lazily. Any socket opened meanwhile fails the export.
 */
import { Socket } from 'node:net';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApiDocument } from '@perp/service';
// The export needs the apps themselves (as the dev stack needs their builds): tools are the
// only place allowed to see both, and nothing imports this file but the export and its check.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createBeaconOpsApp } from '../../apps/beacon-ops/src/create-app';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { BEACON_OPS_DESCRIPTION } from '../../apps/beacon-ops/src/service-description';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { loadBeaconOpsSettings } from '../../apps/beacon-ops/src/settings';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createMarketDataApp } from '../../apps/market-data/src/create-app';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { MARKET_DATA_DESCRIPTION } from '../../apps/market-data/src/service-description';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { loadMarketDataSettings } from '../../apps/market-data/src/settings';

export const REPO_ROOT = join(__dirname, '..', '..');

export interface ServiceDocument {
  name: 'market-data' | 'beacon-ops';
  /** The committed file, relative to the repository root. */
  file: string;
  build(): Promise<OpenAPIObject>;
}

async function documentOf(create: () => Promise<INestApplication>, describe: (app: INestApplication) => OpenAPIObject): Promise<OpenAPIObject> {
  return withoutNetwork(async () => {
    const app = await create();
    try {
      return describe(app);
    } finally {
      await app.close();
    }
  });
}

export const SERVICES: ServiceDocument[] = [
  {
    name: 'market-data',
    file: 'apps/market-data/openapi.json',
    // An empty environment: the defaults, whatever the caller's shell exports.
    build: () =>
      documentOf(
        () => createMarketDataApp(loadMarketDataSettings({}), { logger: false }),
        (app) => buildOpenApiDocument(app, MARKET_DATA_DESCRIPTION),
      ),
  },
  {
    name: 'beacon-ops',
    file: 'apps/beacon-ops/openapi.json',
    build: () =>
      documentOf(
        () => createBeaconOpsApp(loadBeaconOpsSettings({}), { logger: false }),
        (app) => buildOpenApiDocument(app, BEACON_OPS_DESCRIPTION),
      ),
  },
];

/**
 * Runs `work` with every outgoing socket refused (each attempt errors at once), then fails
 * if there was any: the export must not depend on a database or a chain being up.
 */
export async function withoutNetwork<T>(work: () => Promise<T>): Promise<T> {
  const attempts: string[] = [];
  const original = Socket.prototype.connect;
  const refuse = function (this: Socket, ...args: unknown[]): Socket {
    const target = args[0];
    attempts.push(typeof target === 'object' && target !== null ? JSON.stringify(pick(target as Record<string, unknown>)) : String(target));
    process.nextTick(() => this.destroy(new Error('network is disabled while exporting OpenAPI documents')));
    return this;
  };
  Socket.prototype.connect = refuse as unknown as typeof Socket.prototype.connect;
  let result: T;
  try {
    result = await work();
  } finally {
    Socket.prototype.connect = original;
  }
  if (attempts.length > 0) throw new Error(`Building the OpenAPI document opened connections (${attempts.join(', ')}): creating the app must not connect`);
  return result;
}

function pick(options: Record<string, unknown>): Record<string, unknown> {
  return { host: options['host'], port: options['port'], path: options['path'] };
}

/** Object keys sorted at every level (array order kept: it carries meaning), so that the file only changes with the API. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

/** The committed form: sorted keys, 2-space indent, trailing newline. */
export function stableJson(document: unknown): string {
  return `${JSON.stringify(sortKeys(document), null, 2)}\n`;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
type Json = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
const asObject = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

/** Keys of `a` and `b` whose values differ (present in one only, or different). */
function changedKeys(a: Json, b: Json): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => !same(a[key], b[key])).sort();
}

function operations(document: Json): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [path, item] of Object.entries(asObject(document['paths']))) {
    for (const [method, operation] of Object.entries(asObject(item))) {
      if (HTTP_METHODS.includes(method)) found.set(`${method.toUpperCase()} ${path}`, operation);
    }
  }
  return found;
}

function compareMaps(label: string, committed: Map<string, unknown>, generated: Map<string, unknown>, detail: (a: Json, b: Json) => string[]): string[] {
  const lines: string[] = [];
  for (const [key, value] of generated) {
    if (!committed.has(key)) lines.push(`  ${label}: + ${key} (in the code, not in the file)`);
    else if (!same(committed.get(key), value)) lines.push(`  ${label}: ~ ${key} (${detail(asObject(committed.get(key)), asObject(value)).join(', ')})`);
  }
  for (const key of committed.keys()) if (!generated.has(key)) lines.push(`  ${label}: - ${key} (in the file, no longer in the code)`);
  return lines;
}

/** What differs between the committed document and the generated one, one line per path, operation or schema; empty when equal. */
export function describeDrift(committedDocument: unknown, generatedDocument: unknown): string[] {
  const committed = asObject(committedDocument);
  const generated = asObject(generatedDocument);
  if (same(committed, generated)) return [];
  const lines = compareMaps('operation', operations(committed), operations(generated), changedKeys);
  const schemas = (doc: Json) => new Map(Object.entries(asObject(asObject(doc['components'])['schemas'])));
  lines.push(
    ...compareMaps('schema', schemas(committed), schemas(generated), (a, b) => {
      const properties = changedKeys(asObject(a['properties']), asObject(b['properties'])).map((p) => `properties.${p}`);
      return [...properties, ...changedKeys({ ...a, properties: undefined }, { ...b, properties: undefined })];
    }),
  );
  const rest = (doc: Json) => ({ ...doc, paths: undefined, components: { ...asObject(doc['components']), schemas: undefined } });
  const elsewhere = changedKeys(rest(committed), rest(generated));
  const components = changedKeys(asObject(committed['components']), asObject(generated['components'])).filter((k) => k !== 'schemas');
  for (const key of elsewhere) {
    if (key === 'components') lines.push(...components.map((k) => `  components.${k} differ`));
    else lines.push(`  ${key} differs`);
  }
  // Path-level keys (parameters shared by a path's operations, summaries) changed without any operation changing.
  if (lines.length === 0) lines.push('  paths differ outside their operations');
  return lines;
}
