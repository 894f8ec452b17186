import { contractErrorOf, DecodedContractError, revertDataOf } from '@perp/contracts';
import { JsonRpcProvider, TransactionRequest } from 'ethers';
import { isRevert, rpc } from '../chain/rpc-errors';
import { gasLimitFor } from '../gas-policy';
import { revertError } from './revert-messages';

export interface SimulatedCall {
  from: string;
  to: string;
  data: string;
}

/** Turns a decoded revert into the route's error (e.g. 404 or a field error); undefined: the generic mapping. */
export type RevertMapper = (decoded: DecodedContractError | undefined, raw: string | undefined) => Error | undefined;

/**
 * Simulates the call with eth_estimateGas (the only place besides eth_call that returns a
 * revert reason). A revert becomes the route's error (422 "Invalid proof: ..." etc.).
 */
export async function estimateGas(provider: JsonRpcProvider, call: SimulatedCall, mapRevert?: RevertMapper): Promise<bigint> {
  try {
    return await rpc(() => provider.estimateGas(call));
  } catch (error) {
    if (!isRevert(error)) throw error;
    const raw = revertDataOf(error);
    const decoded = contractErrorOf(error);
    throw mapRevert?.(decoded, raw) ?? revertError(decoded, raw);
  }
}

/** The gas limit to send with: the simulated estimate plus headroom, never the bare estimate. */
export async function estimateGasLimit(provider: JsonRpcProvider, call: SimulatedCall, mapRevert?: RevertMapper): Promise<bigint> {
  return gasLimitFor(await estimateGas(provider, call, mapRevert));
}

/** eth_call; a revert comes back as its decoded error instead of a throw. */
export async function simulateCall(
  provider: JsonRpcProvider,
  call: TransactionRequest,
): Promise<{ ok: true; data: string } | { ok: false; decoded: DecodedContractError | undefined; raw: string | undefined }> {
  try {
    return { ok: true, data: await rpc(() => provider.call(call)) };
  } catch (error) {
    if (!isRevert(error)) throw error;
    return { ok: false, decoded: contractErrorOf(error), raw: revertDataOf(error) };
  }
}
