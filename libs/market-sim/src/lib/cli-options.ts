import { DEV_DEFAULTS, devDatabaseUrl } from '@perp/dev-defaults';
import { Preset, PRESETS } from './presets';

/** The default simulated "now": fixed, so that the same seed gives the same bytes on any day. */
export const DEFAULT_END = '2026-01-01T00:00:00Z';

export interface CliOptions {
  preset: Preset;
  seed: string;
  end: number;
  indexUrl: string;
  sourceUrl: string;
  replace: boolean;
  ifEmpty: boolean;
  quiet: boolean;
}

export const USAGE = `Usage: node -r ./tools/ts-register.js tools/simulate/main.ts [options]
  --preset demo|bench|small   what to generate (default demo)
  --seed <text>               PRNG seed (default 42); same seed and --end, same bytes
  --end <ISO time>|now        the simulated "now" (default ${DEFAULT_END}); "now" floors to the interval
  --index-url <url>           index store (default INDEX_DATABASE_URL, else the dev stack's)
  --source-url <url>          source store (default SOURCE_DATABASE_URL, else the dev stack's)
  --replace                   overwrite stores that already hold data
  --if-empty                  do nothing when the stores already hold data
  --quiet                     no progress bar`;

export function parseCliOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument ${arg}\n${USAGE}`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (['replace', 'if-empty', 'quiet', 'help'].includes(name)) flags.add(name);
    else if (inline !== undefined) values.set(name, inline);
    else if (i + 1 < argv.length) values.set(name, argv[++i]);
    else throw new Error(`--${name} needs a value\n${USAGE}`);
  }
  if (flags.has('help')) throw new Error(USAGE);
  for (const name of values.keys()) {
    if (!['preset', 'seed', 'end', 'index-url', 'source-url'].includes(name)) throw new Error(`Unknown option --${name}\n${USAGE}`);
  }
  const presetName = values.get('preset') ?? 'demo';
  const preset = PRESETS[presetName];
  if (!preset) throw new Error(`Unknown preset ${presetName}: one of ${Object.keys(PRESETS).join(', ')}`);
  const endText = values.get('end') ?? DEFAULT_END;
  const endMs = endText === 'now' ? Date.now() : Date.parse(endText);
  if (!Number.isFinite(endMs)) throw new Error(`--end must be an ISO time or "now", got ${endText}`);
  const end = Math.floor(endMs / 1000 / preset.intervalSeconds) * preset.intervalSeconds;
  return {
    preset,
    seed: values.get('seed') ?? '42',
    end,
    indexUrl: values.get('index-url') ?? env['INDEX_DATABASE_URL'] ?? devDatabaseUrl(DEV_DEFAULTS.databases.index),
    sourceUrl: values.get('source-url') ?? env['SOURCE_DATABASE_URL'] ?? devDatabaseUrl(DEV_DEFAULTS.databases.source),
    replace: flags.has('replace'),
    ifEmpty: flags.has('if-empty'),
    quiet: flags.has('quiet'),
  };
}
