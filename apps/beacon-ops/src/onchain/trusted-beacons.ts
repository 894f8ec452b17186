import { Inject, Injectable } from '@nestjs/common';
import { BoundedMap } from '@perp/cache';
import { BeaconRegistry__factory } from '@perp/contracts';
import { JsonRpcProvider } from 'ethers';
import { rpc } from '../chain/rpc-errors';
import { measureCache } from '../metrics/cache-metrics';
import { bodyFieldError } from './field-error';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';

const MAX_CACHED = 10_000;
/**
 * A registry's yes is reused this long. Entries can be removed (unregisterBeacon): a beacon
 * unregistered by this process is forgotten at once (forget()), one unregistered elsewhere (another
 * replica, the registry's owner) is signed for at most this long after.
 */
export const REGISTRY_MEMBERSHIP_TTL_MS = 30_000;

/**
 * The beacons the signer may sign for: the protocol's, i.e. those the configured registry holds
 * (only its owner and registrars add to it or remove from it) or ECDSA_BEACON_ADDRESSES names.
 * Anyone can deploy a contract that names a real adapter; only these were vetted by the protocol.
 */
@Injectable()
export class TrustedBeacons {
  /** chain:registry:beacon of the registry's yeses, each held REGISTRY_MEMBERSHIP_TTL_MS. */
  private readonly registered = new BoundedMap<string, true>({
    max: MAX_CACHED,
    ttlMs: REGISTRY_MEMBERSHIP_TTL_MS,
    name: 'registry_membership',
    metrics: measureCache,
  });

  constructor(@Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings) {}

  /** 422 on beacon_address unless the beacon is one of the protocol's. */
  async require(provider: JsonRpcProvider, beacon: string): Promise<void> {
    const address = beacon.toLowerCase();
    if (this.settings.ecdsaBeaconAllowList.includes(address)) return;
    const registry = this.settings.registryAddress;
    if (registry) {
      const key = `${(await provider.getNetwork()).chainId}:${registry}:${address}`;
      if (this.registered.get(key)) return;
      if (await rpc(() => BeaconRegistry__factory.connect(registry, provider).beacons(address))) {
        this.registered.set(key, true);
        return;
      }
    }
    throw bodyFieldError(
      ['beacon_address'],
      beacon,
      `${address} is not a beacon the service signs for: it is neither in the registry (REGISTRY_ADDRESS) nor in ECDSA_BEACON_ADDRESSES`,
    );
  }

  /** The beacon left `registry` (this process unregistered it): the next update asks the registry again. */
  forget(chainId: bigint, registry: string, beacon: string): void {
    this.registered.delete(`${chainId}:${registry.toLowerCase()}:${beacon.toLowerCase()}`);
  }
}
