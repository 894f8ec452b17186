import { FetchRequest, JsonRpcProvider, Network, toQuantity } from 'ethers';
import type { ChainBlock, ChainLog } from './chain-block';
import { rpcEndpoint } from '@perp/service';

interface RawBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
}

interface RawLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  transactionIndex: string;
  logIndex: string;
  removed?: boolean;
}

/**
 * Every failure of a call to the node, whatever raised it (ethers, fetch, a socket): the writer
 * loop tells RPC outages from store outages by this type alone (both surface as ECONNREFUSED).
 */
export class RpcError extends Error {
  constructor(
    what: string,
    override readonly cause: unknown,
  ) {
    super(`${what}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'RpcError';
  }
}

/** Runs one call to the node; any failure becomes an RpcError (MissingBlockError stays itself: the fork search reads it). */
async function rpc<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof MissingBlockError || error instanceof RpcError) throw error;
    throw new RpcError(what, error);
  }
}

/** Raised when the node answers "no such block" for a number it should have (a node behind its balancer's peers). */
export class MissingBlockError extends Error {
  constructor(tag: number | string) {
    super(`the node has no block ${tag}`);
    this.name = 'MissingBlockError';
  }
}

/**
 * The follower's view of the chain, on ethers v6: block headers and logs by raw JSON-RPC (the
 * follower needs parentHash, and hex quantities decoded once), calls through `provider` (a
 * handler's contract reads, pinned to a block). The network is fixed from eth_chainId, so ethers
 * never queues calls behind its own network detection while the node is down; every call fails
 * within RPC_TIMEOUT_MS.
 */
export class ChainReader {
  readonly provider: JsonRpcProvider;

  private constructor(
    provider: JsonRpcProvider,
    readonly chainId: number,
  ) {
    this.provider = provider;
  }

  /** Asks the node its chain id (one raw call), then builds the provider for that network. */
  static connect(rpcUrl: string, timeoutMs: number): Promise<ChainReader> {
    return rpc('eth_chainId', () => ChainReader.connectOnce(rpcUrl, timeoutMs));
  }

  private static async connectOnce(rpcUrl: string, timeoutMs: number): Promise<ChainReader> {
    const endpoint = rpcEndpoint(rpcUrl);
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...endpoint.headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json()) as { result?: string; error?: { message: string } };
    if (!body.result) throw new Error(`eth_chainId: ${body.error?.message ?? `HTTP ${response.status}`}`);
    const chainId = Number(BigInt(body.result));
    const request = new FetchRequest(endpoint.url);
    request.timeout = timeoutMs;
    for (const [name, value] of Object.entries(endpoint.headers)) request.setHeader(name, value);
    const provider = new JsonRpcProvider(request, Network.from(chainId), { staticNetwork: true, batchMaxCount: 50 });
    return new ChainReader(provider, chainId);
  }

  block(tag: number | 'latest'): Promise<ChainBlock> {
    return rpc('eth_getBlockByNumber', async () => {
      const raw = await this.provider.send('eth_getBlockByNumber', [typeof tag === 'number' ? toQuantity(tag) : tag, false]);
      if (!raw) throw new MissingBlockError(tag);
      return toBlock(raw as RawBlock);
    });
  }

  /** The node's head number (eth_blockNumber). */
  headNumber(): Promise<number> {
    return rpc('eth_blockNumber', async () => Number(BigInt(await this.provider.send('eth_blockNumber', []))));
  }

  /** eth_call pinned to `blockTag` (a handler's view read as of a block); '0x' when `to` had no code then. */
  call(to: string, data: string, blockTag: number): Promise<string> {
    return rpc('eth_call', () => this.provider.call({ to, data, blockTag }));
  }

  /** Logs of blocks `from`..`to` (inclusive) from these contracts ('any': all) whose topic0 is one of `topics`. */
  async logs(from: number, to: number, addresses: readonly string[] | 'any', topics: readonly string[]): Promise<ChainLog[]> {
    const filter: Record<string, unknown> = { fromBlock: toQuantity(from), toBlock: toQuantity(to), topics: [[...topics]] };
    if (addresses !== 'any') filter['address'] = [...addresses];
    const raw = (await rpc('eth_getLogs', () => this.provider.send('eth_getLogs', [filter]))) as RawLog[];
    return raw.filter((log) => !log.removed).map(toLog);
  }

  destroy(): void {
    this.provider.destroy();
  }
}

function toBlock(raw: RawBlock): ChainBlock {
  return {
    number: Number(BigInt(raw.number)),
    hash: raw.hash.toLowerCase(),
    parentHash: raw.parentHash.toLowerCase(),
    timestamp: Number(BigInt(raw.timestamp)),
  };
}

function toLog(raw: RawLog): ChainLog {
  return {
    address: raw.address.toLowerCase(),
    topics: raw.topics.map((topic) => topic.toLowerCase()),
    data: raw.data,
    blockNumber: Number(BigInt(raw.blockNumber)),
    blockHash: raw.blockHash.toLowerCase(),
    transactionHash: raw.transactionHash.toLowerCase(),
    transactionIndex: Number(BigInt(raw.transactionIndex)),
    logIndex: Number(BigInt(raw.logIndex)),
  };
}
