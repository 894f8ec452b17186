import { Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { RpcEndpoint, rpcEndpoint } from '@perp/service';
import { CircuitBreaker, withDeadline } from '@perp/store';
import { FetchRequest, JsonRpcProvider, Network } from 'ethers';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { boundedRpcCall, BoundedRpcProvider } from './bounded-rpc-provider';
import { ChainUnavailableError } from './chain-unavailable.error';

/**
 * The JSON-RPC endpoint every transaction goes through. The provider is built only after
 * the node has told us its chain id, with that network fixed: ethers' own start-up
 * detection would otherwise queue every call (and log every second) while the node is down,
 * where we want a prompt 502.
 */
@Injectable()
export class Chain implements OnApplicationShutdown {
  private connecting?: Promise<JsonRpcProvider>;
  private readonly endpoint: RpcEndpoint;
  private readonly timeoutMs: number;
  /** Open while the node is known not to answer: calls get 502 at once, a probe runs in the background. */
  private readonly breaker: CircuitBreaker;

  constructor(@Inject(BEACON_OPS_SETTINGS) settings: BeaconOpsSettings) {
    this.endpoint = rpcEndpoint(settings.rpcUrl);
    this.timeoutMs = settings.rpcTimeoutMs;
    // The probe runs while the breaker is open, so past its gate, under the same deadline.
    this.breaker = new CircuitBreaker(
      () => withDeadline(this.fetchResult('eth_blockNumber'), this.timeoutMs),
      Math.min(250, Math.max(50, Math.round(this.timeoutMs / 4))),
    );
  }

  /** False while the node is known not to answer. */
  get available(): boolean {
    return !this.breaker.isOpen;
  }

  provider(): Promise<JsonRpcProvider> {
    this.connecting ??= this.rawCall<string>('eth_chainId').then(
      (chainId) => {
        const network = Network.from(BigInt(chainId));
        // ethers' default request timeout is 5 minutes: every call must fail fast instead.
        const request = new FetchRequest(this.endpoint.url);
        request.timeout = this.timeoutMs;
        for (const [name, value] of Object.entries(this.endpoint.headers)) request.setHeader(name, value);
        return new BoundedRpcProvider(request, network, this.breaker, this.timeoutMs);
      },
      (error: unknown) => {
        this.connecting = undefined;
        throw error instanceof ChainUnavailableError ? error : new ChainUnavailableError(error);
      },
    );
    return this.connecting;
  }

  async chainId(): Promise<bigint> {
    const provider = await this.provider();
    return (await provider.getNetwork()).chainId;
  }

  /** Readiness probe: the node answers a cheap call now (not from a cache). */
  async ping(): Promise<void> {
    await this.rawCall('eth_blockNumber');
  }

  /** One call outside ethers (there is no provider before the chain id), under the provider's one bound (boundedRpcCall). */
  private rawCall<T>(method: string): Promise<T> {
    return boundedRpcCall(this.breaker, this.timeoutMs, () => this.fetchResult<T>(method));
  }

  private async fetchResult<T>(method: string): Promise<T> {
    const response = await fetch(this.endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.endpoint.headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
      // Frees the socket of an abandoned call (as the provider's FetchRequest timeout); the bound is the deadline's.
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error || body.result === undefined) throw new Error(`${method} failed: ${body.error?.message ?? 'no result'}`);
    return body.result;
  }

  async onApplicationShutdown(): Promise<void> {
    this.breaker.stop();
    const provider = await this.connecting?.catch(() => undefined);
    provider?.destroy();
  }
}

@Module({ providers: [Chain], exports: [Chain] })
export class ChainModule {}
