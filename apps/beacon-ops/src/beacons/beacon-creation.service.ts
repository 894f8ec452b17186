import { Injectable } from '@nestjs/common';
import { BeaconFactory__factory, createdBeaconAddresses, GroupEcdsaBeaconFactory__factory, VerifiableBeaconFactory__factory } from '@perp/contracts';
import { fail } from '../errors/operation-error';
import { Chain } from '../chain/chain.module';
import { ContractCode } from '../onchain/contract-code';
import { bodyFieldError } from '../onchain/field-error';
import { journalRequest, sendSimulated } from '../onchain/send-simulated';
import { ServiceContracts } from '../onchain/service-contracts';
import { SentTransaction } from '../wallet-pool/send-request';
import { WalletPool } from '../wallet-pool/wallet-pool.service';
import { CreateGroupEcdsaBeaconBody } from './dto/create-group-ecdsa-beacon.dto';
import { CreateVerifiableBeaconBody } from './dto/create-verifiable-beacon.dto';
import { PoolKeys } from '../wallet-pool/pool-keys';

const beaconFactory = BeaconFactory__factory.createInterface();
const verifiableFactory = VerifiableBeaconFactory__factory.createInterface();
const groupFactory = GroupEcdsaBeaconFactory__factory.createInterface();

export interface CreatedBeacon {
  address: string;
  hash: string;
}

/** One beacon per transaction, through the configured factories. */
@Injectable()
export class BeaconCreationService {
  constructor(
    private readonly chain: Chain,
    private readonly pool: WalletPool,
    private readonly contracts: ServiceContracts,
    private readonly code: ContractCode,
    private readonly keys: PoolKeys,
  ) {}

  /** BeaconFactory.createBeacon(owner): a ZK beacon on the factory's verifier, not registered. */
  async createBeacon(body: object, idempotencyKey: string | undefined): Promise<CreatedBeacon> {
    return this.viaBeaconFactory('createBeacon', 'create_beacon', body, idempotencyKey);
  }

  /** BeaconFactory.createAndRegisterBeacon(owner): created and registered in one transaction. */
  async createRegistryBeacon(idempotencyKey: string | undefined): Promise<CreatedBeacon> {
    return this.viaBeaconFactory('createAndRegisterBeacon', 'create_registry_beacon', {}, idempotencyKey);
  }

  /** VerifiableBeaconFactory.createBeacon: a TWAP beacon on the caller's verifier, owned by the sending pool wallet. */
  async createVerifiableBeacon(body: CreateVerifiableBeaconBody, idempotencyKey: string | undefined): Promise<CreatedBeacon> {
    const provider = await this.chain.provider();
    const factory = await this.contracts.require(provider, 'verifiable_beacon_factory');
    // The beacon would revert VerifierHasNoCode; named as the field it is.
    if (!(await this.code.exists(provider, body.verifier_address))) {
      throw bodyFieldError(['verifier_address'], body.verifier_address, `no contract at ${body.verifier_address}`);
    }
    const sent = await sendSimulated(this.pool, provider, {
      kind: 'create_verifiable_beacon',
      request: journalRequest(body),
      idempotencyKey,
      call: () => ({
        to: factory,
        data: verifiableFactory.encodeFunctionData('createBeacon', [body.verifier_address, body.initial_data, body.initial_cardinality]),
      }),
      mapRevert: (decoded) =>
        decoded?.name === 'VerifierHasNoCode'
          ? bodyFieldError(['verifier_address'], body.verifier_address, `no contract at ${body.verifier_address}`)
          : undefined,
    });
    return { address: this.createdOne(sent, factory), hash: sent.hash };
  }

  /**
   * GroupEcdsaBeaconFactory.createAndRegisterBeacon(signer, size, min, max): a group beacon whose bound
   * adapter accepts the service signer, registered in the factory's registry in the same transaction,
   * so /update_beacon_with_ecdsa_adapter signs for it at once (when that registry is REGISTRY_ADDRESS's).
   */
  async createGroupEcdsaBeacon(body: CreateGroupEcdsaBeaconBody, idempotencyKey: string | undefined): Promise<CreatedBeacon> {
    if (body.min_measurement > body.max_measurement) {
      throw bodyFieldError(['max_measurement'], body.max_measurement, `must be at least min_measurement (${body.min_measurement})`);
    }
    const provider = await this.chain.provider();
    const factory = await this.contracts.require(provider, 'group_ecdsa_beacon_factory');
    const signer = this.keys.signer.address.toLowerCase();
    const sent = await sendSimulated(this.pool, provider, {
      kind: 'create_group_ecdsa_beacon',
      request: journalRequest(body),
      idempotencyKey,
      call: () => ({
        to: factory,
        data: groupFactory.encodeFunctionData('createAndRegisterBeacon', [signer, body.size, body.min_measurement, body.max_measurement]),
      }),
    });
    return { address: this.createdOne(sent, factory), hash: sent.hash };
  }

  private async viaBeaconFactory(
    method: 'createBeacon' | 'createAndRegisterBeacon',
    kind: string,
    body: object,
    idempotencyKey: string | undefined,
  ): Promise<CreatedBeacon> {
    const provider = await this.chain.provider();
    const factory = await this.contracts.require(provider, 'beacon_factory');
    const owner = this.contracts.beaconOwner();
    const sent = await sendSimulated(this.pool, provider, {
      kind,
      request: journalRequest(body),
      idempotencyKey,
      // Two literal calls: typechain's overloads do not take the union of the names.
      call: () => ({
        to: factory,
        data:
          method === 'createBeacon'
            ? beaconFactory.encodeFunctionData('createBeacon', [owner])
            : beaconFactory.encodeFunctionData('createAndRegisterBeacon', [owner]),
      }),
    });
    return { address: this.createdOne(sent, factory), hash: sent.hash };
  }

  /** The address from the factory's BeaconCreated log (the receipt is the record, not a simulation). */
  private createdOne(sent: SentTransaction, factory: string): string {
    const created = createdBeaconAddresses(sent.receipt.logs.filter((log) => log.address.toLowerCase() === factory));
    if (created.length !== 1) throw fail('unexpected_receipt', `Transaction ${sent.hash} logged ${created.length} BeaconCreated events, expected 1`);
    return created[0].toLowerCase();
  }
}
