import { Inject, Injectable } from '@nestjs/common';
import { PromiseMemo } from '@perp/cache';
import { formatEther } from 'ethers';
import { Chain } from '../chain/chain.module';
import { ChainUnavailableError } from '../chain/chain-unavailable.error';
import { measureCache } from '../metrics/cache-metrics';
import { poolMetrics } from '../metrics/pool-metrics';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { countedRpc } from './counted-rpc';

/** A balance as read from the chain, and when. */
export interface BalanceReading {
  balance: bigint;
  at: Date;
}

/**
 * Wallet balances read from the chain, reused for WALLET_BALANCE_CACHE_MS, with one request in
 * flight per address. The journal insert checks the floor against a reading and the maximum
 * cost of every transaction that reading may not show (PoolStore.journal), so it need not be fresh.
 */
@Injectable()
export class BalanceCache {
  private readonly entries = new Map<string, BalanceReading>();
  private readonly reading = new PromiseMemo<string, BalanceReading>({ name: 'balance_reading', metrics: measureCache });

  constructor(
    private readonly chain: Chain,
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
  ) {}

  async read(address: string, { fresh = false } = {}): Promise<BalanceReading> {
    const entry = this.entries.get(address);
    if (!fresh && entry && Date.now() - entry.at.getTime() <= this.settings.balanceCacheMs) return entry;
    return this.reading.get(address, () => this.fetch(address));
  }

  /** Each address' balance, or null where the chain did not answer; 502 when it answered for none. */
  async balances(addresses: string[]): Promise<Map<string, bigint | null>> {
    const results = await Promise.allSettled(addresses.map((address) => this.read(address)));
    const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure && results.every((result) => result.status === 'rejected')) {
      throw failure.reason instanceof ChainUnavailableError ? failure.reason : new ChainUnavailableError(failure.reason);
    }
    return new Map(
      addresses.map((address, i) => {
        const result = results[i];
        return [address, result.status === 'fulfilled' ? result.value.balance : null];
      }),
    );
  }

  private async fetch(address: string): Promise<BalanceReading> {
    const provider = await this.chain.provider();
    // Taken before the call: rows mined while it runs count as not shown by it (conservative).
    const at = new Date();
    const balance = await countedRpc(() => provider.getBalance(address));
    const entry = { balance, at };
    this.entries.set(address, entry);
    poolMetrics.walletBalance.set({ wallet: address }, Number(formatEther(balance)));
    return entry;
  }
}
