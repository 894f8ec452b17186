import { Inject, Injectable } from '@nestjs/common';
import { EcdsaBeacon__factory, encodeEcdsaInputs, measurementDigest, signMeasurementDigest } from '@perp/contracts';
import { BeaconOpsError } from '@perp/http';
import { hexlify, id, JsonRpcProvider, randomBytes } from 'ethers';
import { Chain } from '../chain/chain.module';
import { rpc } from '../chain/rpc-errors';
import { ContractCode } from '../onchain/contract-code';
import { bodyFieldError } from '../onchain/field-error';
import { revertError } from '../onchain/revert-messages';
import { journalRequest, requireEvent, sendSimulated } from '../onchain/send-simulated';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { PoolKeys } from '../wallet-pool/pool-keys';
import { WalletPool } from '../wallet-pool/wallet-pool.service';
import { EcdsaUpdateBody } from './dto/ecdsa-update.dto';
import { EcdsaAdapters } from './ecdsa-adapters';
import { TrustedBeacons } from './trusted-beacons';

const ecdsaBeacon = EcdsaBeacon__factory.createInterface();
const INDEX_UPDATED_TOPIC = id('IndexUpdated(uint256)');
/** The chain's clock is read at most this often (shared by concurrent updates): it was one RPC call per update. */
const CHAIN_CLOCK_CACHE_MS = 1_000;

/**
 * The service signs the measurement (EIP-712, SIGNER_PRIVATE_KEY) and a pool wallet submits
 * it: EcdsaBeacon.updateIndex(signature, abi.encode(measurement, nonce, deadline)). It signs
 * only for one of the protocol's beacons whose adapter is bound to exactly that beacon: a
 * signature sent anywhere else could be replayed on the real beacon by whoever saw it.
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
  ) {}

  async update(body: EcdsaUpdateBody, idempotencyKey: string | undefined): Promise<string> {
    const beacon = body.beacon_address;
    const provider = await this.chain.provider();
    await this.code.requireBeacon(provider, beacon);
    const adapter = await this.adapters.of(provider, beacon);
    if (adapter.boundBeacon !== beacon.toLowerCase()) {
      throw bodyFieldError(
        ['beacon_address'],
        beacon,
        `${beacon} names the adapter ${adapter.adapter}, which is bound to the beacon ${adapter.boundBeacon}, not to it: the service signs nothing for it`,
      );
    }
    const signer = this.keys.signer.address.toLowerCase();
    if (adapter.signer !== signer) {
      throw new BeaconOpsError(
        422,
        `Invalid proof: signer mismatch: the adapter of ${beacon} accepts measurements signed by ${adapter.signer}, the service signs as ${signer}`,
      );
    }
    await this.trusted.require(provider, beacon);
    const { chainId } = await provider.getNetwork();
    const sent = await sendSimulated(this.pool, provider, {
      kind: 'update_beacon_with_ecdsa_adapter',
      request: journalRequest(body),
      beaconAddress: beacon,
      idempotencyKey,
      call: async () => {
        // Unordered nonces: a random 256-bit one is unused with certainty, and needs no coordination between replicas.
        const measurement = { measurement: body.measurement, nonce: BigInt(hexlify(randomBytes(32))), deadline: await this.deadline(provider) };
        // One digest, signed and journaled.
        const digest = measurementDigest(adapter.adapter, chainId, measurement);
        const signature = signMeasurementDigest(this.keys.signer.signingKey, digest);
        return {
          to: beacon,
          data: ecdsaBeacon.encodeFunctionData('updateIndex', [signature, encodeEcdsaInputs(measurement)]),
          signed: { verifier: adapter.adapter, digest },
        };
      },
      mapRevert: (decoded, raw) =>
        decoded?.name === 'MeasurementOutOfRange' ? revertError(decoded, raw, `[${adapter.min}, ${adapter.max}]: got ${body.measurement}`) : undefined,
    });
    requireEvent(sent, beacon, INDEX_UPDATED_TOPIC, 'IndexUpdated');
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
