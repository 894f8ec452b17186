import { Injectable } from '@nestjs/common';
import { BoundedMap } from '@perp/cache';
import { JsonRpcProvider } from 'ethers';
import { rpc } from '../chain/rpc-errors';
import { measureCache } from '../metrics/cache-metrics';
import { beaconNotFound } from './revert-messages';

/**
 * A positive answer is reused this long: contract code does not go away (since Cancun only a
 * contract created in the same transaction can self-destruct); only a reset dev chain loses
 * it, and then for this long at most. A missing contract is asked again every time.
 */
const CODE_TTL_MS = 30_000;
const MAX_CACHED = 10_000;

/** Whether addresses hold contract code (eth_getCode), remembered briefly per chain. */
@Injectable()
export class ContractCode {
  /** chain:address of contracts seen with code. */
  private readonly seen = new BoundedMap<string, true>({ max: MAX_CACHED, ttlMs: CODE_TTL_MS, name: 'contract_code', metrics: measureCache });

  /** Whether the address holds code now (502 when the node does not answer). */
  async exists(provider: JsonRpcProvider, address: string): Promise<boolean> {
    const key = `${(await provider.getNetwork()).chainId}:${address.toLowerCase()}`;
    if (this.seen.get(key)) return true;
    const found = (await rpc(() => provider.getCode(address))) !== '0x';
    if (found) this.seen.set(key, true);
    return found;
  }

  /**
   * 404 unless the beacon has code. Checked first because a call to an address without code
   * "succeeds" in every simulation, so nothing else would notice a mistyped address.
   */
  async requireBeacon(provider: JsonRpcProvider, beacon: string): Promise<void> {
    if (!(await this.exists(provider, beacon))) throw beaconNotFound(beacon);
  }
}
