import { Inject, Injectable } from '@nestjs/common';
import {
  deployedMeasurementDigest,
  EcdsaBeacon__factory,
  arrayMeasurementDigest,
  EIP5267_NAME_VERSION_CHAIN_CONTRACT,
  encodeArrayMeasurementInputs,
  IEcdsaVerifier__factory,
  IVerifierBeacon__factory,
  encodeDeployedEcdsaInputs,
  encodeEcdsaInputs,
  encodeGroupEcdsaInputs,
  GroupEcdsaBeacon__factory,
  groupMeasurementDigest,
  IDeployedEcdsaBeacon__factory,
  IDeployedEcdsaVerifierAdapter__factory,
  measurementDigest,
  signMeasurementDigest,
} from '@perp/contracts';
import { fail } from '../../errors/operation-error';

import { hexlify, id, JsonRpcProvider, randomBytes } from 'ethers';
import { Chain } from '../../chain/chain.module';
import { rpc } from '../../chain/rpc-errors';
import { ContractCode } from '../../onchain/contract-code';
import { bodyFieldError } from '../../onchain/field-error';
import { revertError } from '../../onchain/revert-messages';
import { journalRequest, requireEvent, sendSimulated } from '../../onchain/send-simulated';
import type { RevertMapper } from '../../onchain/simulation';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../../settings';
import { PoolKeys } from '../../wallet-pool/pool-keys';
import { WalletPool } from '../../wallet-pool/wallet-pool.service';
import { EcdsaUpdateBody } from './ecdsa-update.dto';
import { ArrayEcdsaVerifier, BoundEcdsaAdapter, DeployedEcdsaAdapter, EcdsaAdapters } from './ecdsa-adapters';
import { measurementFor, publishedMeasurement } from './measurement-form';
import { timestampNonce } from './timestamp-nonce';
import { TrustedBeacons } from '../../onchain/trusted-beacons';
import { PublishGate } from '../../gating/publish-gate';

const ecdsaBeacon = EcdsaBeacon__factory.createInterface();
const deployedBeacon = IDeployedEcdsaBeacon__factory.createInterface();
const groupBeacon = GroupEcdsaBeacon__factory.createInterface();
const verifierBeacon = IVerifierBeacon__factory.createInterface();
const INDEX_UPDATED = { topic: id('IndexUpdated(uint256)'), name: 'IndexUpdated' };
const GROUP_INDEX_UPDATED = { topic: id('GroupIndexUpdated(uint256[])'), name: 'GroupIndexUpdated' };
/** Unordered nonces for the bound adapters: a random 256-bit one is unused with certainty, and needs no coordination between replicas. */
const randomNonce = (): bigint => BigInt(hexlify(randomBytes(32)));

/** One ECDSA update's send, whatever the kind (signedUpdate). */
interface SignedUpdate {
  kind: 'update_beacon_with_ecdsa_adapter' | 'update_group_beacon_with_ecdsa_adapter';
  /** The contract that verifies the signature (journaled with the digest). */
  verifier: string;
  /** The event the beacon must emit. */
  event: { topic: string; name: string };
  /** Under the beacon lock: the digest to sign and the call data that carries its signature; may refuse. */
  sign: () => Promise<{ digest: string; data: (signature: string) => string }>;
  mapRevert?: RevertMapper;
}

/** The EIP-712 domain a digest is computed for. */
type Eip712Domain = { name: string; version: string; chainId: bigint; verifyingContract: string };
/** A body whose measurement is one value (a single-value beacon's, checked against its adapter). */
type SingleValueBody = EcdsaUpdateBody & { measurement: bigint };
/** The chain's clock is read at most this often (shared by concurrent updates): it was one RPC call per update. */
const CHAIN_CLOCK_CACHE_MS = 1_000;

/**
 * The service signs the measurement (EIP-712, SIGNER_PRIVATE_KEY) and a pool wallet submits it
 * with `updateIndex(signature, inputs)`, for beacons of two adapter kinds:
 * - ours (bound): inputs abi.encode(measurement, nonce, deadline), signed for the adapter bound to
 *   exactly that beacon (BEACON()), with a deadline;
 * - the deployed protocol's (IDeployedEcdsaVerifierAdapter): inputs abi.encode(measurement, nonce),
 *   the digest computed here from the adapter's own domain, which must name this chain and this
 *   adapter, and checked against the adapter's digest(measurement, nonce) before signing.
 * Either way only for one of the protocol's beacons (registry or ECDSA_BEACON_ADDRESSES) whose adapter's
 * SIGNER() is ours: a signature sent anywhere else could be replayed on a real beacon by whoever saw it.
 */
@Injectable()
export class EcdsaUpdateService {
  /** How far the chain's latest block timestamp is ahead of this host's clock (s, may be negative), and when it was read. */
  private chainAhead?: { at: number; seconds: Promise<number> };

  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly chain: Chain,
    private readonly pool: WalletPool,
    private readonly keys: PoolKeys,
    private readonly adapters: EcdsaAdapters,
    private readonly trusted: TrustedBeacons,
    private readonly code: ContractCode,
    private readonly gate: PublishGate,
  ) {}

  async update(body: EcdsaUpdateBody, idempotencyKey: string | undefined): Promise<string> {
    const beacon = body.beacon_address;
    const provider = await this.chain.provider();
    await this.code.requireBeacon(provider, beacon);
    const adapter = await this.adapters.of(provider, beacon);
    if (adapter.kind === 'bound' && adapter.boundBeacon !== beacon.toLowerCase()) {
      throw bodyFieldError(
        ['beacon_address'],
        beacon,
        `${beacon} names the adapter ${adapter.adapter}, which is bound to the beacon ${adapter.boundBeacon}, not to it: the service signs nothing for it`,
      );
    }
    const values = measurementFor(adapter, body);
    const signer = this.keys.signer.address.toLowerCase();
    if (adapter.signer !== signer) {
      throw fail(
        'signer_mismatch',
        `Invalid proof: signer mismatch: the adapter of ${beacon} accepts measurements signed by ${adapter.signer}, the service signs as ${signer}`,
      );
    }
    await this.trusted.require(provider, beacon);
    const { chainId } = await provider.getNetwork();
    if (adapter.kind === 'verifier') return this.updateArrayVerifier(provider, chainId, body, values, adapter, idempotencyKey);
    if (Array.isArray(values)) return this.updateGroup(provider, chainId, body, values, adapter as BoundEcdsaAdapter, idempotencyKey);
    const single = body as SingleValueBody;
    if (adapter.kind === 'deployed') return this.updateDeployed(provider, chainId, single, adapter, idempotencyKey);
    return this.signedUpdate(provider, body, idempotencyKey, {
      kind: 'update_beacon_with_ecdsa_adapter',
      verifier: adapter.adapter,
      event: INDEX_UPDATED,
      sign: async () => {
        const measurement = { measurement: single.measurement, nonce: randomNonce(), deadline: await this.deadline(provider) };
        return {
          digest: measurementDigest(adapter.adapter, chainId, measurement),
          data: (signature) => ecdsaBeacon.encodeFunctionData('updateIndex', [signature, encodeEcdsaInputs(measurement)]),
        };
      },
      mapRevert: (decoded, raw) =>
        decoded?.name === 'MeasurementOutOfRange' ? revertError(decoded, raw, `[${adapter.min}, ${adapter.max}]: got ${single.measurement}`) : undefined,
    });
  }

  /**
   * A group beacon (GroupEcdsaBeacon): every value in one GroupMeasurement(uint256[], nonce, deadline)
   * signature for its bound adapter, under the same scope, nonce and deadline rules as a single value.
   * Its own journal kind: its gas cap grows with the group (GAS_CAP_GROUP_ECDSA_UPDATE).
   */
  private updateGroup(
    provider: JsonRpcProvider,
    chainId: bigint,
    body: EcdsaUpdateBody,
    values: bigint[],
    adapter: BoundEcdsaAdapter,
    idempotencyKey: string | undefined,
  ): Promise<string> {
    return this.signedUpdate(provider, body, idempotencyKey, {
      kind: 'update_group_beacon_with_ecdsa_adapter',
      verifier: adapter.adapter,
      event: GROUP_INDEX_UPDATED,
      sign: async () => {
        const measurement = { measurements: values, nonce: randomNonce(), deadline: await this.deadline(provider) };
        return {
          digest: groupMeasurementDigest(adapter.adapter, chainId, measurement),
          data: (signature) => groupBeacon.encodeFunctionData('updateIndex', [signature, encodeGroupEcdsaInputs(measurement)]),
        };
      },
      mapRevert: (decoded, raw) =>
        decoded?.name === 'MeasurementOutOfRange'
          ? revertError(decoded, raw, `[${adapter.min}, ${adapter.max}] for every value: got [${values.join(', ')}]`)
          : undefined,
    });
  }

  /**
   * A beacon of the deployed interface: one value, inputs abi.encode(measurement, nonce),
   * `updateIndex(signature, inputs)`, checked as ownDomainUpdate says.
   */
  private updateDeployed(
    provider: JsonRpcProvider,
    chainId: bigint,
    body: SingleValueBody,
    adapter: DeployedEcdsaAdapter,
    idempotencyKey: string | undefined,
  ): Promise<string> {
    return this.ownDomainUpdate(provider, chainId, body, adapter, 'adapter', idempotencyKey, (domain, nonce) => {
      const measurement = { measurement: body.measurement, nonce };
      return {
        digest: deployedMeasurementDigest(domain, adapter.typehash, measurement),
        onChain: () => IDeployedEcdsaVerifierAdapter__factory.connect(adapter.adapter, provider).digest(measurement.measurement, nonce),
        data: (signature) => deployedBeacon.encodeFunctionData('updateIndex', [signature, encodeDeployedEcdsaInputs(measurement)]),
      };
    });
  }

  /**
   * A beacon behind the operators' newer IEcdsaVerifier (their standalone and group beacons): the
   * values as an array (a single value is sent as a one-element array, as the operators' service
   * does, and the beacon itself decides how many it takes: a wrong count reverts in the simulation,
   * 422, nothing sent), `update(signature, inputs)`, checked as ownDomainUpdate says.
   */
  private updateArrayVerifier(
    provider: JsonRpcProvider,
    chainId: bigint,
    body: EcdsaUpdateBody,
    values: bigint | bigint[],
    verifier: ArrayEcdsaVerifier,
    idempotencyKey: string | undefined,
  ): Promise<string> {
    const measurements = Array.isArray(values) ? values : [values];
    return this.ownDomainUpdate(provider, chainId, body, verifier, 'verifier', idempotencyKey, (domain, nonce) => {
      const measurement = { measurement: measurements, nonce };
      return {
        digest: arrayMeasurementDigest(domain, verifier.typehash, measurement),
        onChain: () => IEcdsaVerifier__factory.connect(verifier.adapter, provider).digest(measurements, nonce),
        data: (signature) => verifierBeacon.encodeFunctionData('update', [signature, encodeArrayMeasurementInputs(measurement)]),
      };
    });
  }

  /**
   * The rule both kinds whose contract verifies for any beacon and never expires a signature share
   * (the deployed adapter, the operators' verifier). What makes signing safe is that the beacon is
   * one of the protocol's (checked by the caller) and that the digest can only verify on this
   * contract, on this chain: it is computed here from the contract's domain (name and version as
   * reported; chain id and verifying contract ours, and the reported ones must agree), never signed
   * as the contract returns it, and its own digest(measurement, nonce) must be the same, else the
   * signature would not verify there anyway. The nonce is the Unix time in nanoseconds, taken under
   * the beacon lock: the contract wants it above its last one, and the lock orders the updates of one
   * beacon across replicas.
   */
  private ownDomainUpdate(
    provider: JsonRpcProvider,
    chainId: bigint,
    body: EcdsaUpdateBody,
    contract: DeployedEcdsaAdapter | ArrayEcdsaVerifier,
    noun: 'adapter' | 'verifier',
    idempotencyKey: string | undefined,
    measure: (domain: Eip712Domain, nonce: bigint) => { digest: string; onChain: () => Promise<string>; data: (signature: string) => string },
  ): Promise<string> {
    const beacon = body.beacon_address;
    const { domain } = contract;
    const refuse = (why: string) =>
      bodyFieldError(['beacon_address'], beacon, `${beacon} names the ${noun} ${contract.adapter}, ${why}: the service signs nothing for it`);
    const ownDomain =
      domain.fields === EIP5267_NAME_VERSION_CHAIN_CONTRACT &&
      domain.chainId === chainId &&
      domain.verifyingContract === contract.adapter &&
      domain.extensions === 0;
    if (!ownDomain) {
      throw refuse(
        `whose EIP-712 domain is not its own on chain ${chainId} (fields ${domain.fields}, chain ${domain.chainId}, verifying contract ${domain.verifyingContract})`,
      );
    }
    return this.signedUpdate(provider, body, idempotencyKey, {
      kind: 'update_beacon_with_ecdsa_adapter',
      verifier: contract.adapter,
      event: INDEX_UPDATED,
      sign: async () => {
        const signing = measure({ name: domain.name, version: domain.version, chainId, verifyingContract: contract.adapter }, timestampNonce());
        if ((await rpc(signing.onChain)) !== signing.digest) throw refuse('whose digest(measurement, nonce) is not the EIP-712 digest of its own domain');
        return signing;
      },
    });
  }

  /**
   * Every ECDSA kind's send: under the beacon lock, the beacon checked again and the gate asked, then
   * `update.sign()` gives the one digest the service signs (and journals) and the call that carries
   * the signature; the mined receipt must hold the beacon's event.
   */
  private async signedUpdate(provider: JsonRpcProvider, body: EcdsaUpdateBody, idempotencyKey: string | undefined, update: SignedUpdate): Promise<string> {
    const beacon = body.beacon_address;
    const sent = await sendSimulated(this.pool, provider, {
      kind: update.kind,
      request: journalRequest(body),
      beaconAddress: beacon,
      idempotencyKey,
      call: async () => {
        // Again under the beacon lock: an /unregister_beacon of this process that ran meanwhile is seen (it drops the cached yes).
        await this.trusted.require(provider, beacon);
        // Under the beacon lock, before any charge or journal row: a gated update costs nothing (gating/).
        await this.gate.check(beacon, publishedMeasurement(body));
        const { digest, data } = await update.sign();
        const signature = signMeasurementDigest(this.keys.signer.signingKey, digest);
        return { to: beacon, data: data(signature), signed: { verifier: update.verifier, digest } };
      },
      mapRevert: update.mapRevert,
    });
    requireEvent(sent, beacon, update.event.topic, update.event.name);
    return sent.hash;
  }

  /**
   * ECDSA_SIGNATURE_TTL_SECONDS from now, by the later of this host's clock and the chain's:
   * a chain ahead of us (a test chain warped forward) must not receive a signature already expired.
   */
  private async deadline(provider: JsonRpcProvider): Promise<bigint> {
    const host = Math.floor(Date.now() / 1000);
    const now = host + Math.max(0, await this.chainAheadSeconds(provider));
    return BigInt(now + this.settings.ecdsaSignatureTtlSeconds);
  }

  private chainAheadSeconds(provider: JsonRpcProvider): Promise<number> {
    if (!this.chainAhead || Date.now() - this.chainAhead.at > CHAIN_CLOCK_CACHE_MS) {
      const seconds = rpc(() => provider.getBlock('latest')).then((latest) => (latest?.timestamp ?? 0) - Math.floor(Date.now() / 1000));
      this.chainAhead = { at: Date.now(), seconds };
      seconds.catch(() => {
        if (this.chainAhead?.seconds === seconds) this.chainAhead = undefined;
      });
    }
    return this.chainAhead.seconds;
  }
}
