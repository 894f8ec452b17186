import { existsSync, readFileSync } from 'node:fs';
import { describeDrift } from './describe-drift';
import { stableJson } from './stable-json';

/**
 * How the committed document at `file` differs from `generated`, for a person to read: the
 * lines of `describeDrift`, or why there is nothing to compare. Undefined when the file holds
 * exactly `stableJson(generated)`.
 */
export function openApiDrift(file: string, generated: unknown): string | undefined {
  if (!existsSync(file)) return 'missing';
  const committed = readFileSync(file, 'utf8');
  if (committed === stableJson(generated)) return undefined;
  let lines: string[];
  try {
    lines = describeDrift(JSON.parse(committed), generated);
  } catch {
    lines = ['  the file is not valid JSON'];
  }
  // Same document, other bytes: hand-edited formatting or key order.
  if (lines.length === 0) lines = ['  same document, formatted differently'];
  return `differs from the code\n${lines.join('\n')}`;
}
