// The command line, validated before anything is sent: the driver signs with the published anvil
// keys, so a non-local RPC URL is refused unless --allow-remote says otherwise.
import { CHAIN_PRESETS } from './chain-presets';

export interface ChainDriverCli {
  rpc: string;
  preset: string;
  seed: number;
  live: boolean;
  allowRemote: boolean;
}

export const USAGE = `Usage: npm run chain-driver -- --rpc URL [--preset ${Object.keys(CHAIN_PRESETS).join('|')}] [--seed N] [--live] [--allow-remote]
  --rpc URL        an anvil JSON-RPC endpoint (local unless --allow-remote)
  --preset NAME    default chain-demo
  --seed N         a non-negative integer, default 1 (same seed, same chain history)
  --live           after the drive, keep a light trading load going until Ctrl-C
  --allow-remote   accept a non-local RPC host (transactions are signed with the public anvil keys)`;

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function parseChainDriverCli(argv: string[]): ChainDriverCli {
  const out: Partial<ChainDriverCli> = { preset: 'chain-demo', seed: 1, live: false, allowRemote: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--rpc') out.rpc = value();
    else if (arg === '--preset') out.preset = value();
    else if (arg === '--seed') {
      const v = value();
      if (!/^\d{1,9}$/.test(v)) throw new Error(`--seed must be a non-negative integer below 1e9, got "${v}"`);
      out.seed = Number(v);
    } else if (arg === '--live') out.live = true;
    else if (arg === '--allow-remote') out.allowRemote = true;
    else throw new Error(`unknown option "${arg}"`);
  }
  if (!out.rpc) throw new Error('--rpc URL is required');
  let url: URL;
  try {
    url = new URL(out.rpc);
  } catch {
    throw new Error(`--rpc is not a URL: "${out.rpc}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--rpc must be http(s), got ${url.protocol}`);
  if (!out.allowRemote && !LOCAL_HOSTS.has(url.hostname))
    throw new Error(`--rpc host ${url.hostname} is not local; the driver signs with the published anvil keys (pass --allow-remote to insist)`);
  if (!CHAIN_PRESETS[out.preset as string]) throw new Error(`unknown preset "${out.preset}" (known: ${Object.keys(CHAIN_PRESETS).join(', ')})`);
  return out as ChainDriverCli;
}
