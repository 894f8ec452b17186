import { sortKeys } from './stable-json';

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
