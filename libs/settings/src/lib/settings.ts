import { maskUrlPasswords } from '@perp/store';

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

/**
 * Parses every setting of `spec` from `env`. `check` sees the values that parsed and returns
 * problems that involve several settings, so they are reported together with the rest.
 */
export function loadSettings<S extends SettingsSpec>(
  spec: S,
  env: NodeJS.ProcessEnv = process.env,
  check: (values: Partial<Settings<S>>) => string[] = () => [],
): Settings<S> {
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
      // A URL's password is a secret too: masked wherever a value is shown.
      const masked = maskUrlPasswords(source);
      const shown = item.secret ? '' : ` (got ${JSON.stringify(masked.length > 80 ? `${masked.slice(0, 80)}...` : masked)})`;
      problems.push(`${item.env}: ${why}${shown}`);
    }
  }
  problems.push(...check(values as Partial<Settings<S>>));
  if (problems.length > 0) throw new InvalidSettingsError(problems);
  return values as Settings<S>;
}
