import { Injectable } from '@nestjs/common';
import { BeaconRegistry__factory } from '@perp/contracts';
import { fail } from '../errors/operation-error';
import { JsonRpcProvider } from 'ethers';
import { Chain } from '../chain/chain.module';
import { isRevert, rpc } from '../chain/rpc-errors';
import { ContractCode } from '../onchain/contract-code';
import { bodyFieldError } from '../onchain/field-error';
import { beaconNotFound } from '../onchain/revert-messages';
import { journalRequest, sendSimulated } from '../onchain/send-simulated';
import { ServiceContracts } from '../onchain/service-contracts';
import { RevertMapper } from '../onchain/simulation';
import { TrustedBeacons } from '../onchain/trusted-beacons';
import { WalletPool } from '../wallet-pool/wallet-pool.service';
import { RegisterBeaconBody } from './dto/register-beacon.dto';
import { UnregisterBeaconBody } from './dto/unregister-beacon.dto';

const registryInterface = BeaconRegistry__factory.createInterface();

/** Thrown from inside the send when the beacon turned out registered (or, unregistering, not registered) meanwhile: nothing is sent. */
class AlreadyDone extends Error {}

export type Registration = { registered: 'now'; hash: string } | { registered: 'before' };
export type Unregistration = { unregistered: 'now'; hash: string } | { unregistered: 'before' };

/** registerBeacon / unregisterBeacon on a registry, from a pool wallet (which must be one of its registrars). */
@Injectable()
export class BeaconRegistrationService {
  constructor(
    private readonly chain: Chain,
    private readonly pool: WalletPool,
    private readonly code: ContractCode,
    private readonly contracts: ServiceContracts,
    private readonly trusted: TrustedBeacons,
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
          if (await this.isRegistered(provider, registry, beacon)) throw new AlreadyDone();
          return { to: registry, data: registryInterface.encodeFunctionData('registerBeacon', [beacon]) };
        },
        mapRevert: registryReverts(beacon, registry),
      });
      return { registered: 'now', hash: sent.hash };
    } catch (error) {
      if (error instanceof AlreadyDone) return { registered: 'before' };
      throw error;
    }
  }

  /**
   * The wind-down half: unregisterBeacon on `registry_address`, or on REGISTRY_ADDRESS when the
   * request names none (the-beaconator's route takes it optionally). The same checks in the same
   * order as a registration; a beacon the registry does not hold costs no transaction. Once it is
   * out of the configured registry, this process stops signing for it at once (TrustedBeacons).
   */
  async unregister(body: UnregisterBeaconBody, idempotencyKey: string | undefined): Promise<Unregistration> {
    const beacon = body.beacon_address;
    const provider = await this.chain.provider();
    const registry = body.registry_address ?? (await this.contracts.require(provider, 'registry'));
    await this.code.requireBeacon(provider, beacon);
    if (body.registry_address !== undefined && !(await this.code.exists(provider, registry))) {
      throw bodyFieldError(['registry_address'], registry, `no contract at ${registry}`);
    }
    const { chainId } = await provider.getNetwork();
    try {
      if (!(await this.isRegistered(provider, registry, beacon))) throw new AlreadyDone();
      const sent = await sendSimulated(this.pool, provider, {
        kind: 'unregister_beacon',
        request: journalRequest(body),
        // Serialised per beacon, with its registrations and updates: an update simulated before the removal lands before it.
        beaconAddress: beacon,
        idempotencyKey,
        call: async () => {
          if (!(await this.isRegistered(provider, registry, beacon))) throw new AlreadyDone();
          return { to: registry, data: registryInterface.encodeFunctionData('unregisterBeacon', [beacon]) };
        },
        mapRevert: registryReverts(beacon, registry),
      });
      return { unregistered: 'now', hash: sent.hash };
    } catch (error) {
      if (error instanceof AlreadyDone) return { unregistered: 'before' };
      throw error;
    } finally {
      this.trusted.forget(chainId, registry, beacon);
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

/** The registry's refusals, as both routes answer them. */
function registryReverts(beacon: string, registry: string): RevertMapper {
  return (decoded) => {
    if (decoded?.name === 'NotAContract') return beaconNotFound(beacon);
    if (decoded?.name === 'NotAuthorised')
      return fail('not_authorised', `Not authorised: the service's pool wallets are not registrars of registry ${registry}`);
    return undefined;
  };
}
