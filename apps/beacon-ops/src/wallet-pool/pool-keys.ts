import { Inject, Injectable } from '@nestjs/common';
import { Wallet } from 'ethers';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';

/**
 * The keys from settings as ethers wallets without a provider: transactions are signed
 * locally with explicit nonce, fees and chain id, never by a node. Addresses are lowercase,
 * as stored in the journal.
 */
@Injectable()
export class PoolKeys {
  private readonly byAddress: Map<string, Wallet>;
  /** Signs measurements for ECDSA-adapter beacons; never pays gas. */
  readonly signer: Wallet;

  constructor(@Inject(BEACON_OPS_SETTINGS) settings: BeaconOpsSettings) {
    this.byAddress = new Map(
      settings.walletPrivateKeys.map((key) => {
        const wallet = new Wallet(key);
        return [wallet.address.toLowerCase(), wallet];
      }),
    );
    this.signer = new Wallet(settings.signerPrivateKey);
  }

  get addresses(): string[] {
    return [...this.byAddress.keys()];
  }

  wallet(address: string): Wallet {
    const wallet = this.byAddress.get(address.toLowerCase());
    if (!wallet) throw new Error(`${address} is not a pool wallet`);
    return wallet;
  }
}
