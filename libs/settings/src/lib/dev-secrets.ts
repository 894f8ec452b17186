import { DEV_DEFAULTS } from '@perp/dev-defaults';
import { flag } from './setting-parsers';
import { setting } from './settings';

/**
 * Private keys of anvil's default accounts 0-9 (mnemonic "test test ... junk"; Hardhat's
 * first ten too). Printed by every anvil at start: anyone can sign with them. The dev stack
 * uses 1-8 as the pool and 9 as the signer; production refuses all of them.
 */
export const ANVIL_DEV_KEYS: readonly string[] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
];

/** Every secret this repository publishes (README, banner, source): none is a secret anywhere else. */
const PUBLISHED_SECRETS = new Map<string, string>([
  ...ANVIL_DEV_KEYS.map((key, index): [string, string] => [key, `anvil dev account ${index}'s key`]),
  [DEV_DEFAULTS.adminApiKey, 'the dev stack admin key'],
  [DEV_DEFAULTS.beaconOpsAccessToken, 'the dev stack token'],
]);

/** Spread into a service's settings spec; the dev stack sets it, nothing else should. */
export const devKeysSettingsSpec = {
  /** Accept the published dev secrets (anvil's keys, the dev admin key and token): the dev stack and tests only. */
  allowDevKeys: setting('ALLOW_DEV_KEYS', flag, { default: 'false' }),
};

/**
 * The dev-key rule, as settings problems. A published secret is refused unless ALLOW_DEV_KEYS
 * is true, and ALLOW_DEV_KEYS=true is refused under NODE_ENV=production, so a production
 * process never runs on a key the whole world holds. `secrets` maps each variable to its
 * parsed value(s); values that failed to parse are left out (already reported).
 */
export function devKeyProblems(
  allowDevKeys: boolean | undefined,
  secrets: Record<string, string | readonly string[] | undefined>,
  env: NodeJS.ProcessEnv,
): string[] {
  const production = env['NODE_ENV'] === 'production';
  // Under production the flag is refused and every published secret named too, so one start names all.
  const problems = allowDevKeys && production ? ['ALLOW_DEV_KEYS: must not be true when NODE_ENV=production (dev secrets are public)'] : [];
  if (allowDevKeys && !production) return problems;
  for (const [name, value] of Object.entries(secrets)) {
    const values = value === undefined ? [] : typeof value === 'string' ? [value] : value;
    values.forEach((item, index) => {
      const what = PUBLISHED_SECRETS.get(item.toLowerCase()) ?? PUBLISHED_SECRETS.get(item);
      if (!what) return;
      const position = typeof value === 'string' ? '' : `item ${index + 1} `;
      problems.push(`${name}: ${position}is ${what}, which is public: refused unless ALLOW_DEV_KEYS=true (dev stack only)`);
    });
  }
  return problems;
}
