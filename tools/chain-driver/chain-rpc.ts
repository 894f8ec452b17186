// The few reads the driver makes besides receipts, as raw eth_calls so that ethers batches them.
import { JsonRpcProvider, Network } from 'ethers';
import { PERP, type PoolState } from './market-driver';

/**
 * A provider that never caches nonces or block numbers (the driver mines blocks itself), and batches
 * only what one tick sends (the default 10 ms wait per batch was a fifth of a chain-demo drive).
 */
export async function connect(rpcUrl: string): Promise<{ provider: JsonRpcProvider; chainId: bigint }> {
  const probe = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true });
  const chainId = BigInt((await probe.send('eth_chainId', [])) as string);
  probe.destroy();
  const provider = new JsonRpcProvider(rpcUrl, Network.from(chainId), { staticNetwork: true, cacheTimeout: -1, pollingInterval: 50, batchStallTime: 0 });
  return { provider, chainId };
}

export async function poolState(provider: JsonRpcProvider, perp: string): Promise<PoolState> {
  const data = (await provider.send('eth_call', [{ to: perp, data: PERP.encodeFunctionData('poolState') }, 'latest'])) as string;
  const [tick, sqrtPriceX96, , liquidity] = PERP.decodeFunctionResult('poolState', data);
  return { tick: Number(tick), sqrtPriceX96: sqrtPriceX96 as bigint, liquidity: liquidity as bigint };
}

/** Whether the chain itself (eth_call at the latest block) would let `keeper` liquidate the taker. */
export async function liquidationAccepted(provider: JsonRpcProvider, perp: string, posId: bigint, keeper: string): Promise<boolean> {
  try {
    await provider.send('eth_call', [{ from: keeper, to: perp, data: PERP.encodeFunctionData('liquidateTaker', [posId, keeper]) }, 'latest']);
    return true;
  } catch {
    return false;
  }
}

export async function latestTimestamp(provider: JsonRpcProvider): Promise<number> {
  const block = (await provider.send('eth_getBlockByNumber', ['latest', false])) as { timestamp: string };
  return Number(BigInt(block.timestamp));
}
