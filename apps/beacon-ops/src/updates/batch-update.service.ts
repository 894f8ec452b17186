import { Inject, Injectable } from '@nestjs/common';
import {
  aggregate3WithGasEstimate,
  aggregate3WithGasLimit,
  Beacon__factory,
  callGasLimit,
  decodeAggregate3WithGasResults,
  decodeContractError,
  encodeAggregate3WithGas,
  matchBatchUpdateLogs,
} from '@perp/contracts';
import { issues, placeIssue, RequestValidationError } from '@perp/http';
import { fail, OperationError } from '../errors/operation-error';
import { JsonRpcProvider } from 'ethers';
import { Chain } from '../chain/chain.module';
import { BATCH_ENTRY_PROBE_GAS } from '../gas-policy';
import { rpc } from '../chain/rpc-errors';
import { ContractCode } from '../onchain/contract-code';
import { revertMessage } from '../onchain/revert-messages';
import { ServiceContracts } from '../onchain/service-contracts';
import { simulateCall } from '../onchain/simulation';
import { journalRequest } from '../onchain/send-simulated';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { WalletPool } from '../wallet-pool/wallet-pool.service';
import { BatchUpdateBody, BatchUpdateResultDto } from './dto/batch-update.dto';
import { UpdateBeaconBody } from './dto/update-beacon.dto';

const beaconInterface = Beacon__factory.createInterface();

/** What the simulation expects of each entry (null: applies) and the transaction to send. */
interface BatchPlan {
  predicted: (string | null)[];
  data: string;
  gasLimit: bigint;
}

/**
 * 1-100 ZK updates in ONE BatchUpdater.aggregate3WithGas transaction: every entry carries its
 * own gas limit (sized from a simulation), the transaction's limit covers them all, and an
 * entry's failure never reverts the others. Each entry's success is read from that
 * transaction's receipt logs; the simulation only supplies the reason of a failure.
 */
@Injectable()
export class BatchUpdateService {
  constructor(
    private readonly chain: Chain,
    private readonly pool: WalletPool,
    private readonly contracts: ServiceContracts,
    private readonly code: ContractCode,
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
  ) {}

  async update(body: BatchUpdateBody, idempotencyKey: string | undefined): Promise<BatchUpdateResultDto> {
    const entries = body.updates;
    rejectDuplicateBeacons(entries);
    const provider = await this.chain.provider();
    const batchUpdater = await this.contracts.require(provider, 'batch_updater');
    const beacons = entries.map((e) => e.beacon_address);
    const coded = new Map(await Promise.all([...new Set(beacons)].map(async (b) => [b, await this.code.exists(provider, b)] as const)));

    let plan: BatchPlan | undefined;
    const sent = await this.pool.send({
      kind: 'batch_update_beacon',
      request: journalRequest(body),
      // Every beacon of the batch is locked: no other update of them lands between simulation and block.
      beaconAddress: beacons,
      idempotencyKey,
      build: async (wallet) => {
        plan = await this.plan(provider, wallet, batchUpdater, entries, coded);
        return { to: batchUpdater, data: plan.data, gasLimit: plan.gasLimit };
      },
    });
    if (sent.status === 'failed') {
      throw fail('reverted_on_chain', `Batch transaction ${sent.hash} reverted on chain; no update was applied`);
    }
    const applied = matchBatchUpdateLogs(
      sent.receipt.logs,
      entries.map((e) => ({ beacon: e.beacon_address, publicSignals: e.public_signals })),
    );
    const results = entries.map((entry, i) => ({
      beacon_address: entry.beacon_address,
      success: applied[i],
      // null for a failed entry, as the-beaconator's clients expect: its value did not land in that transaction.
      transaction_hash: applied[i] ? sent.hash : null,
      error: applied[i] ? null : (plan?.predicted[i] ?? `Not applied: no DataUpdated event for this entry in transaction ${sent.hash}`),
    }));
    const successful = applied.filter(Boolean).length;
    return { results, total_requested: entries.length, successful_updates: successful, failed_updates: entries.length - successful };
  }

  /**
   * Simulates every entry with a generous limit to learn its outcome and gas, then sizes the
   * per-entry limits (+25% and one surprise slot write) and the transaction's limit, which
   * leaves room for every entry to burn its whole limit.
   */
  private async plan(
    provider: JsonRpcProvider,
    from: string,
    batchUpdater: string,
    entries: UpdateBeaconBody[],
    coded: Map<string, boolean>,
  ): Promise<BatchPlan> {
    const callData = entries.map((e) => beaconInterface.encodeFunctionData('updateData', [e.proof, e.public_signals]));
    const probe = entries.map((e, i) => ({ target: e.beacon_address, gasLimit: BATCH_ENTRY_PROBE_GAS, callData: callData[i] }));
    const simulation = await simulateCall(provider, { from, to: batchUpdater, data: encodeAggregate3WithGas(probe) });
    if (!simulation.ok) throw batchTooLarge(revertMessage(simulation.decoded, simulation.raw));
    const simulated = decodeAggregate3WithGasResults(simulation.data);

    const predicted = entries.map((e, i) => {
      // A call to an address without code "succeeds" and logs nothing.
      if (!coded.get(e.beacon_address)) return `Beacon not found: no contract at ${e.beacon_address}`;
      return simulated[i].success ? null : revertMessage(decodeContractError(simulated[i].returnData), simulated[i].returnData);
    });
    if (predicted.every((p) => p !== null)) throw nothingToApply(entries, predicted as string[]);

    const calls = probe.map((c, i) => ({ ...c, gasLimit: callGasLimit(simulated[i].gasUsed) }));
    const data = encodeAggregate3WithGas(calls);
    const limits = calls.map((c, i) => ({ gasLimit: c.gasLimit, gasUsed: simulated[i].gasUsed, callData: c.callData }));
    // Sized from the probe, which measured every call, then checked by ONE execution at that
    // limit: eth_estimateGas would re-run the batch ~20 times (100 Groth16 verifications: ~5 s
    // on anvil, past the RPC timeout).
    const gasLimit = aggregate3WithGasLimit(aggregate3WithGasEstimate(data, limits), limits);
    const cap = await this.transactionGasCap(provider);
    if (gasLimit > cap) throw batchTooLarge(`it needs a gas limit of ${gasLimit}, above the ${cap} per-transaction cap; send fewer updates at once`);
    const check = await simulateCall(provider, { from, to: batchUpdater, data, gasLimit });
    if (!check.ok) throw batchTooLarge(revertMessage(check.decoded, check.raw));
    return { predicted, data, gasLimit };
  }

  /** MAX_TRANSACTION_GAS, never above what the latest block takes. */
  private async transactionGasCap(provider: JsonRpcProvider): Promise<bigint> {
    const block = await rpc(() => provider.getBlock('latest'));
    const max = this.settings.maxTransactionGas;
    return block && block.gasLimit < max ? block.gasLimit : max;
  }
}

/**
 * The data of a batch sent whose receipt did not come within the wait: every entry rides in that
 * transaction, none is known applied or failed yet, so each carries the hash, `success: false` and
 * an error saying so; successful_updates and failed_updates are both 0 (they count known outcomes).
 */
export function pendingBatchResult(body: BatchUpdateBody, hash: string): BatchUpdateResultDto {
  const error = `Not confirmed yet: the batch transaction ${hash} had no receipt within the wait; retry with the same Idempotency-Key for this entry's outcome`;
  return {
    results: body.updates.map((entry) => ({ beacon_address: entry.beacon_address, success: false, transaction_hash: hash, error })),
    total_requested: body.updates.length,
    successful_updates: 0,
    failed_updates: 0,
  };
}

/** Each beacon at most once: the receipt's logs could not tell two entries of one beacon apart (and only the last would count). */
function rejectDuplicateBeacons(entries: UpdateBeaconBody[]): void {
  const first = new Map<string, number>();
  const problems = entries.flatMap((entry, i) => {
    const earlier = first.get(entry.beacon_address);
    if (earlier === undefined) {
      first.set(entry.beacon_address, i);
      return [];
    }
    return [
      placeIssue(
        issues.valueError(`duplicate of updates[${earlier}].beacon_address; update each beacon at most once per batch`),
        ['body', 'updates', i, 'beacon_address'],
        entry.beacon_address,
      ),
    ];
  });
  if (problems.length > 0) throw new RequestValidationError(problems);
}

function batchTooLarge(reason: string): OperationError {
  return fail('invalid_request', `The batch cannot be sent as one transaction: ${reason}`);
}

/** Nothing would apply: no transaction. 404 when no entry's beacon exists, else 422 with each entry's reason. */
function nothingToApply(entries: UpdateBeaconBody[], reasons: string[]): OperationError {
  if (reasons.every((r) => r.startsWith('Beacon not found'))) {
    return fail('beacon_not_found', `Beacon not found: no contract at ${[...new Set(entries.map((e) => e.beacon_address))].join(', ')}; nothing was sent`);
  }
  const prefix = reasons.every((r) => r.startsWith('Invalid proof')) ? 'Invalid proof: ' : '';
  const listed = reasons.map((reason, i) => `updates[${i}] (${entries[i].beacon_address}): ${reason}`).join('; ');
  return fail('would_revert', `${prefix}no update of the batch can be applied, nothing was sent: ${listed}`);
}
