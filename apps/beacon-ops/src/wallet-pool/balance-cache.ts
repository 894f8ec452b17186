import { Inject, Injectable } from '@nestjs/common';
import { Chain } from '../chain/chain.module';
import { ChainUnavailableError } from '../chain/chain-unavailable.error';
import { rpc } from '../chain/rpc-errors';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';

interface Entry {
  balance: bigint;
  at: number;
}

/**
 * Wallet balances read from the chain, reused for a short while to pick a wallet, with one
 * request in flight per address. The sender re-reads its leased wallet's balance fresh
 * before spending, so the cache only has to be roughly right.
 */
@Injectable()
export class BalanceCache {
  private readonly entries = new Map<string, Entry>();
  private readonly reading = new Map<string, Promise<bigint>>();

  constructor(
    private readonly chain: Chain,
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
  ) {}

  async balance(address: string, { fresh = false } = {}): Promise<bigint> {
    const entry = this.entries.get(address);
    if (!fresh && entry && Date.now() - entry.at <= this.settings.balanceCacheMs) return entry.balance;
    let reading = this.reading.get(address);
    if (!reading) {
      reading = this.read(address).finally(() => this.reading.delete(address));
      this.reading.set(address, reading);
    }
    return reading;
  }

  /** Each address' balance, or null where the chain did not answer; 502 when it answered for none. */
  async balances(addresses: string[]): Promise<Map<string, bigint | null>> {
    const results = await Promise.allSettled(addresses.map((address) => this.balance(address)));
    const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure && results.every((result) => result.status === 'rejected')) {
      throw failure.reason instanceof ChainUnavailableError ? failure.reason : new ChainUnavailableError(failure.reason);
    }
    return new Map(
      addresses.map((address, i) => {
        const result = results[i];
        return [address, result.status === 'fulfilled' ? result.value : null];
      }),
    );
  }

  private async read(address: string): Promise<bigint> {
    const provider = await this.chain.provider();
    const balance = await rpc(() => provider.getBalance(address));
    this.entries.set(address, { balance, at: Date.now() });
    return balance;
  }
}
