import { Injectable } from '@nestjs/common';
import { BeaconFactory__factory, Call3, createdBeaconAddresses, decodeAggregate3Results, decodeContractError, encodeAggregate3 } from '@perp/contracts';
import { fail, OperationError } from '../errors/operation-error';
import { JsonRpcProvider } from 'ethers';
import { Chain } from '../chain/chain.module';
import { revertName } from '../onchain/revert-messages';
import { ServiceContracts } from '../onchain/service-contracts';
import { TX_GAS_CAP } from '../gas-policy';
import { estimateGasLimit, simulateCall } from '../onchain/simulation';
import { WalletPool } from '../wallet-pool/wallet-pool.service';
import { BatchCreateResultDto } from './dto/batch-create.dto';

const beaconFactory = BeaconFactory__factory.createInterface();

/** Atomic batch failure: nothing was created (DESIGN.md section 5: all or none). */
function batchFailed(reason: string): OperationError {
  return fail('would_revert', `Batch creation failed; nothing was created: ${reason}`);
}

/**
 * `count` createAndRegisterBeacon calls in one Multicall3.aggregate3 with allowFailure=false:
 * one failing call reverts the whole transaction, so every beacon is created and registered,
 * or none is.
 */
@Injectable()
export class BatchCreationService {
  constructor(
    private readonly chain: Chain,
    private readonly pool: WalletPool,
    private readonly contracts: ServiceContracts,
  ) {}

  async create(count: number, idempotencyKey: string | undefined): Promise<BatchCreateResultDto> {
    const provider = await this.chain.provider();
    const [multicall, factory] = [await this.contracts.require(provider, 'multicall3'), await this.contracts.require(provider, 'beacon_factory')];
    const callData = beaconFactory.encodeFunctionData('createAndRegisterBeacon', [this.contracts.beaconOwner()]);
    const calls = (allowFailure: boolean) => Array.from({ length: count }, () => ({ target: factory, allowFailure, callData }));
    const data = encodeAggregate3(calls(false));

    const sent = await this.pool.send({
      kind: 'batch_create_registry_beacon',
      request: { count },
      idempotencyKey,
      build: async (wallet) => ({ to: multicall, data, gasLimit: await this.gasLimit(provider, wallet, multicall, data, calls(true), count) }),
    });
    if (sent.status === 'failed') throw batchFailed(`transaction ${sent.hash} reverted on chain`);
    const created = createdBeaconAddresses(sent.receipt.logs).map((a) => a.toLowerCase());
    if (created.length !== count) throw fail('unexpected_receipt', `Transaction ${sent.hash} logged ${created.length} BeaconCreated events, expected ${count}`);
    return { created_count: created.length, beacon_addresses: created, failed_count: 0, errors: [] };
  }

  /** Simulates the batch; on a revert, names the failing call by simulating it with allowFailure=true. */
  private async gasLimit(provider: JsonRpcProvider, from: string, multicall: string, data: string, tolerant: Call3[], count: number): Promise<bigint> {
    const probe = await simulateCall(provider, { from, to: multicall, data });
    if (!probe.ok) {
      const located = await simulateCall(provider, { from, to: multicall, data: encodeAggregate3(tolerant) });
      if (located.ok) {
        const results = decodeAggregate3Results(located.data);
        const failing = results.findIndex((r) => !r.success);
        if (failing >= 0)
          throw batchFailed(
            `creation ${failing + 1} of ${count} would revert: ${revertName(decodeContractError(results[failing].returnData), results[failing].returnData)}`,
          );
      }
      throw batchFailed(`the batch would revert: ${revertName(probe.decoded, probe.raw)}`);
    }
    const gasLimit = await estimateGasLimit(provider, { from, to: multicall, data }, (decoded, raw) =>
      batchFailed(`the batch would revert: ${revertName(decoded, raw)}`),
    );
    if (gasLimit > TX_GAS_CAP) throw batchFailed(`it needs ${gasLimit} gas, above the ${TX_GAS_CAP} per-transaction cap; create fewer at once`);
    return gasLimit;
  }
}
