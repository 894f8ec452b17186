import { ChainUnavailableError } from '../chain/chain-unavailable.error';
import { isNonceTaken, rpc } from '../chain/rpc-errors';
import { poolMetrics } from '../metrics/pool-metrics';

/** The RPC did not answer within RPC_TIMEOUT_MS. */
export class RpcTimeoutError extends Error {
  constructor(ms: number) {
    super(`RPC call timed out after ${ms} ms`);
    this.name = 'RpcTimeoutError';
  }
}

/**
 * An RPC call of the pool, never longer than `ms` (RPC_TIMEOUT_MS): a timeout or an unreachable
 * node is ChainUnavailableError (502); every failure is counted in beacon_ops_rpc_errors_total.
 */
export async function boundedRpc<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChainUnavailableError(new RpcTimeoutError(ms))), ms);
  });
  try {
    return await Promise.race([rpc(work), timeout]);
  } catch (error) {
    poolMetrics.rpcErrors.inc({ kind: rpcErrorKind(error) });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export function rpcErrorKind(error: unknown): 'timeout' | 'unavailable' | 'nonce' | 'rejected' | 'other' {
  if (error instanceof ChainUnavailableError) return error.cause instanceof RpcTimeoutError ? 'timeout' : 'unavailable';
  if (isNonceTaken(error)) return 'nonce';
  return (error as { code?: unknown }).code === 'CALL_EXCEPTION' ? 'rejected' : 'other';
}
