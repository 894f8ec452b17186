import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { spawnManaged } from './child-process';
import { resumeProcessTree, suspendProcessTree } from './process-control';
import { getFreePort } from './free-port';
import { packageRoot } from './package-root';
import { waitUntil } from './wait-until';

export interface AnvilOptions {
  port?: number;
  chainId?: number;
  /** Seconds between blocks; omitted means a block per transaction (instant mining). */
  blockTime?: number;
  accounts?: number;
  /** Ether per dev account. */
  balance?: number;
  logFile?: string;
  /** Default LOCAL_CHAIN_RULES.hardfork. */
  hardfork?: string;
  /** Default LOCAL_CHAIN_RULES.blockGasLimit. */
  blockGasLimit?: number;
  /** Extra command-line flags, e.g. ['--no-mining']. */
  extraArgs?: string[];
}

/**
 * The rules of every local chain (dev stack, tests, benchmarks): Prague, whose transactions may
 * use a whole block (Osaka's EIP-7825 caps one at 2^24 gas), and 100M-gas blocks. One
 * transaction then carries a 100-proof Groth16 batch (~27M gas used, a ~44M limit with the
 * service's headroom). anvil 1.7's defaults (an Osaka-era hardfork, which enforces the cap only
 * with --enable-tx-gas-limit, and 30M blocks) refuse that limit.
 */
export const LOCAL_CHAIN_RULES = { hardfork: 'prague', blockGasLimit: 100_000_000 } as const;

export interface AnvilNode {
  readonly url: string;
  readonly port: number;
  readonly chainId: number;
  readonly pid: number;
  /** SIGSTOP / SIGCONT: a node that accepts connections but never answers. */
  suspend(): void;
  resume(): void;
  stop(): Promise<void>;
}

/** anvil's well-known dev mnemonic: accounts are deterministic, which tests and docs rely on. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
};

/** The anvil binary shipped inside the @foundry-rs platform package (no download at install time). */
export function findAnvilBinary(): string {
  const pkg = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!pkg) throw new Error(`anvil has no package for ${process.platform}-${process.arch}`);
  const binary = join(packageRoot(pkg), 'bin', 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil binary missing at ${binary}: run npm ci`);
  return binary;
}

export async function rpcCall<T>(url: string, method: string, params: unknown[] = [], timeoutMs = 2_000): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilNode> {
  const port = options.port ?? (await getFreePort());
  const chainId = options.chainId ?? 31337;
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--accounts',
    String(options.accounts ?? 10),
    '--balance',
    String(options.balance ?? 10_000),
    '--mnemonic',
    ANVIL_MNEMONIC,
    '--hardfork',
    options.hardfork ?? LOCAL_CHAIN_RULES.hardfork,
    '--gas-limit',
    String(options.blockGasLimit ?? LOCAL_CHAIN_RULES.blockGasLimit),
    ...(options.blockTime ? ['--block-time', String(options.blockTime)] : []),
    ...(options.extraArgs ?? []),
  ];
  const node = spawnManaged(findAnvilBinary(), args, { logFile: options.logFile, killOnExit: 'SIGKILL' });
  const url = `http://127.0.0.1:${port}`;
  const exitedEarly = node.exited.then((code) => {
    throw new Error(`anvil exited with code ${code} while starting`);
  });
  exitedEarly.catch(() => undefined);
  await Promise.race([
    waitUntil(`anvil on port ${port}`, async () => (await rpcCall<string>(url, 'eth_chainId')) === `0x${chainId.toString(16)}`),
    exitedEarly,
  ]);
  const pid = node.child.pid ?? 0;
  return {
    url,
    port,
    chainId,
    pid,
    suspend: () => suspendProcessTree(pid),
    resume: () => resumeProcessTree(pid),
    stop: () => {
      resumeProcessTree(pid);
      return node.stop('SIGTERM', 5_000);
    },
  };
}
