import { Inject, Injectable } from '@nestjs/common';
import { BeaconRegistry__factory } from '@perp/contracts';
import { JsonRpcProvider } from 'ethers';
import { rpc } from '../chain/rpc-errors';
import { bodyFieldError } from '../onchain/field-error';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';

const MAX_CACHED = 10_000;

/**
 * The beacons the signer may sign for: the protocol's, i.e. those the configured registry holds
 * (only its owner and registrars add to it, and nothing removes an entry, so a yes is remembered)
 * or ECDSA_BEACON_ADDRESSES names. Anyone can deploy a contract that names our adapter; only
 * these were vetted by the protocol.
 */
@Injectable()
export class TrustedBeacons {
  private readonly registered = new Set<string>();

  constructor(@Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings) {}

  /** 422 on beacon_address unless the beacon is one of the protocol's. */
  async require(provider: JsonRpcProvider, beacon: string): Promise<void> {
    const address = beacon.toLowerCase();
    if (this.settings.ecdsaBeaconAllowList.includes(address)) return;
    const registry = this.settings.registryAddress;
    if (registry) {
      const key = `${(await provider.getNetwork()).chainId}:${registry}:${address}`;
      if (this.registered.has(key)) return;
      if (await rpc(() => BeaconRegistry__factory.connect(registry, provider).beacons(address))) {
        if (this.registered.size >= MAX_CACHED) this.registered.delete(this.registered.values().next().value as string);
        this.registered.add(key);
        return;
      }
    }
    throw bodyFieldError(
      ['beacon_address'],
      beacon,
      `${address} is not a beacon the service signs for: it is neither in the registry (REGISTRY_ADDRESS) nor in ECDSA_BEACON_ADDRESSES`,
    );
  }
}
