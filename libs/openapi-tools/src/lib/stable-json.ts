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
