/**
 * `npm run dev-token -- --sub <developer-id>`: a developer bearer token for the dev stack's
 * market-data (/auth/keys), signed with the local dev key (created on first use in the dev
 * data folder, DEV_DATA_DIR overrides). Issuer and audience follow JWT_ISSUER/JWT_AUDIENCE
 * when set, as market-data does. The token is the last line of the output, for scripts:
 *   TOKEN=$(npm run -s dev-token -- --sub alice | tail -n 1)
 */
import { DEV_JWT } from '@perp/auth';
import { ensureDevSigningKey, signDevToken } from '@perp/local-infra';
import { devStackSettings } from '../dev-stack/dev-settings';

const USAGE = 'usage: npm run dev-token -- --sub <developer-id> [--ttl <seconds>]';
const ONE_HOUR = 3600;

function parseArgs(args: string[]): { sub: string; ttl: number } {
  let sub: string | undefined;
  let ttl = ONE_HOUR;
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split(/=(.*)/s, 2);
    const value = () => inline ?? args[++i];
    if (flag === '--sub') sub = value();
    else if (flag === '--ttl') ttl = Number(value());
    else if (flag === '--help' || flag === '-h') throw new Error(USAGE);
    else throw new Error(`unknown argument ${JSON.stringify(args[i])}\n${USAGE}`);
  }
  if (!sub) throw new Error(`--sub is required\n${USAGE}`);
  if (!Number.isInteger(ttl) || ttl < 1) throw new Error(`--ttl must be a positive number of seconds\n${USAGE}`);
  return { sub, ttl };
}

function main(): void {
  let args: { sub: string; ttl: number };
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const env = process.env;
  const issuer = env['JWT_ISSUER']?.trim() || DEV_JWT.issuer;
  const audience = env['JWT_AUDIENCE']?.trim() || DEV_JWT.audience;
  const key = ensureDevSigningKey(devStackSettings(env).dataDir);
  if (env['JWT_JWKS_URL']) console.error('Note: JWT_JWKS_URL is set; market-data then trusts that provider, not this dev key.');

  console.log(`Developer token for sub=${args.sub} (issuer ${issuer}, audience ${audience}, valid ${args.ttl} s).`);
  console.log(`Verification keys: ${key.files.jwks}`);
  console.log(`Use it:  curl -H "Authorization: Bearer <token>" http://127.0.0.1:${devStackSettings(env).marketDataPort}/auth/keys`);
  console.log(signDevToken(key, { sub: args.sub, issuer, audience, expiresInSeconds: args.ttl }));
}

main();
