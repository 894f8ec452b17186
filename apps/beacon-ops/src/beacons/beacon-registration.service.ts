import { Injectable } from '@nestjs/common';
import { BeaconRegistry__factory } from '@perp/contracts';
import { BeaconOpsError } from '@perp/http';
import { JsonRpcProvider } from 'ethers';
import { Chain } from '../chain/chain.module';
import { isRevert, rpc } from '../chain/rpc-errors';
import { ContractCode } from '../onchain/contract-code';
import { bodyFieldError } from '../onchain/field-error';
import { beaconNotFound } from '../onchain/revert-messages';
import { journalRequest, sendSimulated } from '../onchain/send-simulated';
import { WalletPool } from '../wallet-pool/wallet-pool.service';
import { RegisterBeaconBody } from './dto/register-beacon.dto';

const registryInterface = BeaconRegistry__factory.createInterface();

/** Thrown from inside the send when the beacon turned out registered meanwhile: nothing is sent. */
class AlreadyRegistered extends Error {}

export type Registration = { registered: 'now'; hash: string } | { registered: 'before' };

/** registerBeacon on the caller's registry, from a pool wallet (which must be one of its registrars). */
@Injectable()
export class BeaconRegistrationService {
  constructor(
    private readonly chain: Chain,
    private readonly pool: WalletPool,
    private readonly code: ContractCode,
  ) {}

  async register(body: RegisterBeaconBody, idempotencyKey: string | undefined): Promise<Registration> {
    const { beacon_address: beacon, registry_address: registry } = body;
    const provider = await this.chain.provider();
    await this.code.requireBeacon(provider, beacon);
    if (!(await this.code.exists(provider, registry))) throw bodyFieldError(['registry_address'], registry, `no contract at ${registry}`);
    if (await this.isRegistered(provider, registry, beacon)) return { registered: 'before' };
    try {
      const sent = await sendSimulated(this.pool, provider, {
        kind: 'register_beacon',
        request: journalRequest(body),
        // Serialised per beacon: two concurrent registrations send one transaction, the other finds it done.
        beaconAddress: beacon,
        idempotencyKey,
        call: async () => {
          if (await this.isRegistered(provider, registry, beacon)) throw new AlreadyRegistered();
          return { to: registry, data: registryInterface.encodeFunctionData('registerBeacon', [beacon]) };
        },
        mapRevert: (decoded) => {
          if (decoded?.name === 'NotAContract') return beaconNotFound(beacon);
          if (decoded?.name === 'NotAuthorised')
            return new BeaconOpsError(422, `Not authorised: the service's pool wallets are not registrars of registry ${registry}`);
          return undefined;
        },
      });
      return { registered: 'now', hash: sent.hash };
    } catch (error) {
      if (error instanceof AlreadyRegistered) return { registered: 'before' };
      throw error;
    }
  }

  private async isRegistered(provider: JsonRpcProvider, registry: string, beacon: string): Promise<boolean> {
    try {
      return await rpc(() => BeaconRegistry__factory.connect(registry, provider).beacons(beacon));
    } catch (error) {
      // A contract without beacons(address): not a registry.
      if (isRevert(error) || (error as { code?: string }).code === 'BAD_DATA') {
        throw bodyFieldError(['registry_address'], registry, `${registry} is not a beacon registry (no beacons(address) function)`);
      }
      throw error;
    }
  }
}
