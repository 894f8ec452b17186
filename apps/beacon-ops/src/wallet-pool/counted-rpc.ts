import { ChainUnavailableError } from '../chain/chain-unavailable.error';
import { isNonceTaken, isRpcTimeout, rpc } from '../chain/rpc-errors';
import { poolMetrics } from '../metrics/pool-metrics';

/**
 * An RPC call of the pool, counted: every failure in beacon_ops_rpc_errors_total by kind. Its
 * bound (RPC_TIMEOUT_MS, the breaker) is the provider's (chain/bounded-rpc-provider.ts), the one
 * place every RPC call passes; a timeout or an unreachable node is ChainUnavailableError (502).
 */
export async function countedRpc<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await rpc(work);
  } catch (error) {
    poolMetrics.rpcErrors.inc({ kind: rpcErrorKind(error) });
    throw error;
  }
}

export function rpcErrorKind(error: unknown): 'timeout' | 'unavailable' | 'nonce' | 'rejected' | 'other' {
  if (error instanceof ChainUnavailableError) return isRpcTimeout(error.cause) ? 'timeout' : 'unavailable';
  if (isNonceTaken(error)) return 'nonce';
  return (error as { code?: unknown }).code === 'CALL_EXCEPTION' ? 'rejected' : 'other';
}
