import { Injectable } from '@nestjs/common';
import { EcdsaBeacon__factory, encodeEcdsaInputs, signMeasurement } from '@perp/contracts';
import { BeaconOpsError } from '@perp/http';
import { hexlify, id, randomBytes } from 'ethers';
import { Chain } from '../chain/chain.module';
import { ContractCode } from '../onchain/contract-code';
import { revertError } from '../onchain/revert-messages';
import { journalRequest, requireEvent, sendSimulated } from '../onchain/send-simulated';
import { PoolKeys } from '../wallet-pool/pool-keys';
import { WalletPool } from '../wallet-pool/wallet-pool.service';
import { EcdsaUpdateBody } from './dto/ecdsa-update.dto';
import { EcdsaAdapters } from './ecdsa-adapters';

const ecdsaBeacon = EcdsaBeacon__factory.createInterface();
const INDEX_UPDATED_TOPIC = id('IndexUpdated(uint256)');

/**
 * The service signs the measurement (EIP-712, SIGNER_PRIVATE_KEY) and a pool wallet submits
 * it: EcdsaBeacon.updateIndex(signature, abi.encode(measurement, nonce)).
 */
@Injectable()
export class EcdsaUpdateService {
  constructor(
    private readonly chain: Chain,
    private readonly pool: WalletPool,
    private readonly keys: PoolKeys,
    private readonly adapters: EcdsaAdapters,
    private readonly code: ContractCode,
  ) {}

  async update(body: EcdsaUpdateBody, idempotencyKey: string | undefined): Promise<string> {
    const beacon = body.beacon_address;
    const provider = await this.chain.provider();
    await this.code.requireBeacon(provider, beacon);
    const adapter = await this.adapters.of(provider, beacon);
    const signer = this.keys.signer.address.toLowerCase();
    if (adapter.signer !== signer) {
      throw new BeaconOpsError(
        422,
        `Invalid proof: signer mismatch: the adapter of ${beacon} accepts measurements signed by ${adapter.signer}, the service signs as ${signer}`,
      );
    }
    const { chainId } = await provider.getNetwork();
    const sent = await sendSimulated(this.pool, provider, {
      kind: 'update_beacon_with_ecdsa_adapter',
      request: journalRequest(body),
      beaconAddress: beacon,
      idempotencyKey,
      call: async () => {
        // Unordered nonces: a random 256-bit one is unused with certainty, and needs no coordination between replicas.
        const nonce = BigInt(hexlify(randomBytes(32)));
        const signature = await signMeasurement(this.keys.signer, adapter.adapter, chainId, body.measurement, nonce);
        return { to: beacon, data: ecdsaBeacon.encodeFunctionData('updateIndex', [signature, encodeEcdsaInputs(body.measurement, nonce)]) };
      },
      mapRevert: (decoded, raw) =>
        decoded?.name === 'MeasurementOutOfRange' ? revertError(decoded, raw, `[${adapter.min}, ${adapter.max}]: got ${body.measurement}`) : undefined,
    });
    requireEvent(sent, beacon, INDEX_UPDATED_TOPIC, 'IndexUpdated');
    return sent.hash;
  }
}
