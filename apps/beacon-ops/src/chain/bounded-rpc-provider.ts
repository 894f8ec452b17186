import { CircuitBreaker, withDeadline } from '@perp/store';
import { FetchRequest, JsonRpcPayload, JsonRpcProvider, JsonRpcResult, Network } from 'ethers';
import { ChainUnavailableError } from './chain-unavailable.error';
import { isRpcTimeout, isRpcUnreachable } from './rpc-errors';

/**
 * Every JSON-RPC call of the service (sends, receipt polls, nonce syncs, balance reads) goes
 * through `_send` here, the one place that bounds them (no caller adds a timeout of its own),
 * so each is bounded by `timeoutMs` and ends in ChainUnavailableError
 * (502) when the node does not answer. The first such failure opens the chain's breaker:
 * every later call answers 502 at once, so a request that makes several calls waits for at
 * most one timeout, until a background probe finds the node answering again.
 */
export class BoundedRpcProvider extends JsonRpcProvider {
  constructor(
    request: FetchRequest,
    network: Network,
    private readonly breaker: CircuitBreaker,
    private readonly timeoutMs: number,
  ) {
    // cacheTimeout -1: ethers otherwise reuses a result for 250 ms, and a nonce count or a
    // "no receipt yet" that old is wrong for the pool.
    super(request, network, { staticNetwork: network, batchMaxCount: 1, cacheTimeout: -1 });
  }

  override _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    return boundedRpcCall(this.breaker, this.timeoutMs, () => super._send(payload));
  }
}

/**
 * The one bound of a JSON-RPC call, the provider's and the few the service makes before it has
 * one (the chain id, the readiness ping) alike: 502 at once while the breaker is open, at most
 * `timeoutMs` (a socket's own timeout only catches an idle socket, not a node that answers
 * slowly), and a timeout opens the breaker.
 */
export async function boundedRpcCall<T>(breaker: CircuitBreaker, timeoutMs: number, call: () => Promise<T>): Promise<T> {
  if (breaker.isOpen) throw new ChainUnavailableError();
  try {
    return await withDeadline(call(), timeoutMs);
  } catch (error) {
    // A refused connection fails fast by itself; a node that does not answer would cost every call the timeout.
    if (isRpcTimeout(error)) breaker.trip();
    if (isRpcTimeout(error) || isRpcUnreachable(error)) throw error instanceof ChainUnavailableError ? error : new ChainUnavailableError(error);
    throw error;
  }
}
