import { getBytes, type Signer } from 'ethers';
import { BatchUpdater__factory } from '../../generated/types';
import { withGasHeadroom } from './gas-headroom';

/** One call of BatchUpdater.aggregate3WithGas: the callee gets exactly `gasLimit`, or the transaction reverts. */
export interface CallWithGas {
  target: string;
  gasLimit: bigint;
  callData: string;
}

export interface CallWithGasResult {
  success: boolean;
  /** Gas the call consumed, including the CALL's own cost. */
  gasUsed: bigint;
  returnData: string;
}

const batchUpdaterInterface = BatchUpdater__factory.createInterface();

export function encodeAggregate3WithGas(calls: readonly CallWithGas[]): string {
  return batchUpdaterInterface.encodeFunctionData('aggregate3WithGas', [calls.map((c) => ({ target: c.target, gasLimit: c.gasLimit, callData: c.callData }))]);
}

export function decodeAggregate3WithGasResults(returnData: string): CallWithGasResult[] {
  const [results] = batchUpdaterInterface.decodeFunctionResult('aggregate3WithGas', returnData);
  return (results as Array<{ success: boolean; gasUsed: bigint; returnData: string }>).map((r) => ({
    success: r.success,
    gasUsed: r.gasUsed,
    returnData: r.returnData,
  }));
}

/** The calls of an aggregate3WithGas calldata (e.g. to check the per-call limits of a sent batch). */
export function decodeAggregate3WithGasCalls(data: string): CallWithGas[] {
  const [calls] = batchUpdaterInterface.decodeFunctionData('aggregate3WithGas', data);
  return (calls as Array<{ target: string; gasLimit: bigint; callData: string }>).map((c) => ({
    target: c.target,
    gasLimit: c.gasLimit,
    callData: c.callData,
  }));
}

/**
 * Slack over the headroom for one call: a zero-to-nonzero storage write (22.1k) the simulation
 * did not see, e.g. a beacon's first update in the second it was created (see the gas notes).
 */
export const CALL_GAS_SLACK = 25_000n;

/** A call's own limit from the gas it used in a simulation: headroom plus one surprise slot write. */
export function callGasLimit(simulatedGasUsed: bigint): bigint {
  return withGasHeadroom(simulatedGasUsed) + CALL_GAS_SLACK;
}

/**
 * The transaction's gas limit for aggregate3WithGas: the estimate (with headroom) of the calldata
 * carrying the final per-call limits, plus room for every call to burn its whole limit instead of
 * what it used in the simulation. With it, even a batch whose every call hits its limit still
 * passes the contract's per-call check, so the outer limit never decides a call's outcome.
 */
export function aggregate3WithGasLimit(estimate: bigint, calls: readonly { gasLimit: bigint; gasUsed: bigint }[]): bigint {
  const spare = calls.reduce((sum, c) => sum + (c.gasLimit > c.gasUsed ? c.gasLimit - c.gasUsed : 0n), 0n);
  return withGasHeadroom(estimate) + spare;
}

/** What the contract demands before a call beyond its limit (BatchUpdater's CALL_OVERHEAD). */
const CALL_OVERHEAD = 10_000n;

/**
 * An upper bound of eth_estimateGas for an aggregate3WithGas transaction, from a simulation that
 * measured each call (`gasUsed`), without a binary search. eth_estimateGas runs the whole batch
 * ~20 times: 100 Groth16 verifications then take seconds (~5 s on anvil), past an RPC timeout.
 * The bound: the intrinsic gas (EIP-2028 calldata, or EIP-7623's floor if higher), every call's
 * gas, the largest reserve the contract demands before a call beyond what that call then uses,
 * and the contract's own work (decoding, memory, results; measured ~5 gas per calldata byte,
 * counted as 8, plus 20k). Check the result with one execution at the final limit.
 */
export function aggregate3WithGasEstimate(data: string, calls: readonly { gasLimit: bigint; gasUsed: bigint; callData: string }[]): bigint {
  const bytes = getBytes(data);
  const zeros = bytes.reduce((n, b) => n + (b === 0 ? 1 : 0), 0);
  const tokens = BigInt(zeros + 4 * (bytes.length - zeros));
  const used = calls.reduce((sum, c) => sum + c.gasUsed, 0n);
  const reserve = calls.reduce((max, c) => {
    const demanded = c.gasLimit + c.gasLimit / 63n + CALL_OVERHEAD + 3n * BigInt(getBytes(c.callData).length);
    return demanded - c.gasUsed > max ? demanded - c.gasUsed : max;
  }, 0n);
  const execution = used + reserve + 8n * BigInt(bytes.length) + 20_000n;
  const standard = 4n * tokens + execution;
  const floor = 10n * tokens;
  return 21_000n + (standard > floor ? standard : floor);
}

/** Deploys a BatchUpdater (stateless: one per chain is enough). */
export async function deployBatchUpdater(deployer: Signer): Promise<string> {
  const contract = await (await new BatchUpdater__factory(deployer).deploy()).waitForDeployment();
  return contract.getAddress();
}
