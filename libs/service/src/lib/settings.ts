/**
 * Typed settings read from the environment. Every setting is parsed at start-up and all
 * problems are reported together, each naming its variable, so a bad deployment fails
 * fast with a message an operator can act on.
 */
export interface SettingSpec<T> {
  /** Environment variable that overrides the default. */
  env: string;
  /** Used when the variable is unset or empty; omit for a required setting. */
  default?: string;
  parse: (raw: string) => T;
  /** Secrets are never echoed back in error messages. */
  secret?: boolean;
}

export type SettingsSpec = Record<string, SettingSpec<unknown>>;
export type Settings<S extends SettingsSpec> = { readonly [K in keyof S]: S[K] extends SettingSpec<infer T> ? T : never };

export class InvalidSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'InvalidSettingsError';
  }
}

export function setting<T>(env: string, parse: (raw: string) => T, options: { default?: string; secret?: boolean } = {}): SettingSpec<T> {
  return { env, parse, ...options };
}

export function loadSettings<S extends SettingsSpec>(spec: S, env: NodeJS.ProcessEnv = process.env): Settings<S> {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(spec)) {
    const raw = env[item.env]?.trim();
    const source = raw ? raw : item.default;
    if (source === undefined) {
      problems.push(`${item.env} is required but not set`);
      continue;
    }
    try {
      values[key] = item.parse(source);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const shown = item.secret ? '' : ` (got ${JSON.stringify(source.length > 80 ? `${source.slice(0, 80)}...` : source)})`;
      problems.push(`${item.env}: ${why}${shown}`);
    }
  }
  if (problems.length > 0) throw new InvalidSettingsError(problems);
  return values as Settings<S>;
}
