import { Injectable } from '@nestjs/common';
import { EcdsaBeacon__factory, EcdsaVerifierAdapter__factory } from '@perp/contracts';
import { JsonRpcProvider } from 'ethers';
import { isRevert, rpc } from '../chain/rpc-errors';
import { bodyFieldError } from '../onchain/field-error';

export interface EcdsaAdapterInfo {
  adapter: string;
  /** The one beacon the adapter verifies for (its BEACON()). */
  boundBeacon: string;
  signer: string;
  min: bigint;
  max: bigint;
}

const MAX_CACHED = 10_000;

/**
 * A beacon's verifier adapter, the beacon that adapter is bound to, its signer and its range.
 * All immutable on chain, so they are read once per chain and beacon (four eth_calls saved per update).
 */
@Injectable()
export class EcdsaAdapters {
  private readonly cache = new Map<string, EcdsaAdapterInfo>();

  async of(provider: JsonRpcProvider, beacon: string): Promise<EcdsaAdapterInfo> {
    const key = `${(await provider.getNetwork()).chainId}:${beacon}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const info = await this.read(provider, beacon);
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, info);
    return info;
  }

  private async read(provider: JsonRpcProvider, beacon: string): Promise<EcdsaAdapterInfo> {
    try {
      const adapter = (await rpc(() => EcdsaBeacon__factory.connect(beacon, provider).verifierAdapter())).toLowerCase();
      const contract = EcdsaVerifierAdapter__factory.connect(adapter, provider);
      const [boundBeacon, signer, min, max] = await Promise.all([
        rpc(() => contract.BEACON()),
        rpc(() => contract.SIGNER()),
        rpc(() => contract.MIN_MEASUREMENT()),
        rpc(() => contract.MAX_MEASUREMENT()),
      ]);
      return { adapter, boundBeacon: boundBeacon.toLowerCase(), signer: signer.toLowerCase(), min, max };
    } catch (error) {
      // No verifierAdapter() (or an adapter without BEACON() and SIGNER()): not an ECDSA-adapter beacon.
      if (isRevert(error) || (error as { code?: string }).code === 'BAD_DATA') {
        throw bodyFieldError(['beacon_address'], beacon, `${beacon} is not an ECDSA-adapter beacon (no verifierAdapter() with a BEACON() and a SIGNER())`);
      }
      throw error;
    }
  }
}
