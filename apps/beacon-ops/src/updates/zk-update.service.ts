import { Injectable } from '@nestjs/common';
import { Beacon__factory, DATA_UPDATED_TOPIC } from '@perp/contracts';
import { Chain } from '../chain/chain.module';
import { ContractCode } from '../onchain/contract-code';
import { journalRequest, requireEvent, sendSimulated } from '../onchain/send-simulated';
import { WalletPool } from '../wallet-pool/wallet-pool.service';
import { UpdateBeaconBody } from './dto/update-beacon.dto';

const beaconInterface = Beacon__factory.createInterface();

/** updateData(proof, publicSignals) on a ZK beacon (Beacon or VerifiableBeacon). */
@Injectable()
export class ZkUpdateService {
  constructor(
    private readonly chain: Chain,
    private readonly pool: WalletPool,
    private readonly code: ContractCode,
  ) {}

  async update(body: UpdateBeaconBody, idempotencyKey: string | undefined): Promise<string> {
    const provider = await this.chain.provider();
    await this.code.requireBeacon(provider, body.beacon_address);
    const sent = await sendSimulated(this.pool, provider, {
      kind: 'update_beacon',
      request: journalRequest(body),
      beaconAddress: body.beacon_address,
      idempotencyKey,
      call: () => ({ to: body.beacon_address, data: beaconInterface.encodeFunctionData('updateData', [body.proof, body.public_signals]) }),
    });
    requireEvent(sent, body.beacon_address, DATA_UPDATED_TOPIC, 'DataUpdated');
    return sent.hash;
  }
}
