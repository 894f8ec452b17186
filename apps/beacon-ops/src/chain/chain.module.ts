import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { FetchRequest, JsonRpcProvider, Network } from 'ethers';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { ChainUnavailableError } from './chain-unavailable.error';
import { RpcEndpoint, rpcEndpoint } from './rpc-endpoint';

const RPC_TIMEOUT_MS = 5_000;

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

  constructor(@Inject(BEACON_OPS_SETTINGS) settings: BeaconOpsSettings) {
    this.endpoint = rpcEndpoint(settings.rpcUrl);
  }

  provider(): Promise<JsonRpcProvider> {
    this.connecting ??= this.rawCall<string>('eth_chainId').then(
      (chainId) => {
        const network = Network.from(BigInt(chainId));
        // ethers' default request timeout is 5 minutes: every call must fail fast instead.
        const request = new FetchRequest(this.endpoint.url);
        request.timeout = RPC_TIMEOUT_MS;
        for (const [name, value] of Object.entries(this.endpoint.headers)) request.setHeader(name, value);
        // cacheTimeout -1: ethers otherwise reuses a result for 250 ms, and a nonce count or a
        // "no receipt yet" that old is wrong for the pool.
        return new JsonRpcProvider(request, network, { staticNetwork: network, batchMaxCount: 1, cacheTimeout: -1 });
      },
      (error: unknown) => {
        this.connecting = undefined;
        throw new ChainUnavailableError(error);
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

  private async rawCall<T>(method: string): Promise<T> {
    const response = await fetch(this.endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.endpoint.headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error || body.result === undefined) throw new Error(`${method} failed: ${body.error?.message ?? 'no result'}`);
    return body.result;
  }

  async onApplicationShutdown(): Promise<void> {
    const provider = await this.connecting?.catch(() => undefined);
    provider?.destroy();
  }
}

@Global()
@Module({ providers: [Chain], exports: [Chain] })
export class ChainModule {}
