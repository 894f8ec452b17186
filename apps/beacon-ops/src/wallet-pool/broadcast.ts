import { JsonRpcProvider } from 'ethers';
import { ChainUnavailableError } from '../chain/chain-unavailable.error';
import { isAlreadyKnown, isInsufficientFunds, isNonceTaken } from '../chain/rpc-errors';
import { countedRpc } from './counted-rpc';

export type BroadcastOutcome =
  /** The node has it (now, or already had exactly it). */
  | { kind: 'accepted' }
  /** Its nonce is used on chain or by another transaction in the mempool. */
  | { kind: 'nonce-taken'; error: unknown }
  | { kind: 'insufficient-funds'; error: unknown }
  /** Refused for any other reason (fees, gas limit, size...). */
  | { kind: 'refused'; error: unknown };

/**
 * Hands a signed transaction to the node. Only "could not ask the node" throws
 * (ChainUnavailableError): then nobody knows whether it arrived, and the caller must keep
 * its journal row pending for the reconciler.
 */
export async function broadcastRaw(provider: JsonRpcProvider, rawTx: string): Promise<BroadcastOutcome> {
  try {
    await countedRpc(() => provider.send('eth_sendRawTransaction', [rawTx]));
    return { kind: 'accepted' };
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw error;
    if (isAlreadyKnown(error)) return { kind: 'accepted' };
    if (isNonceTaken(error)) return { kind: 'nonce-taken', error };
    if (isInsufficientFunds(error)) return { kind: 'insufficient-funds', error };
    return { kind: 'refused', error };
  }
}

export function errorText(error: unknown): string {
  const bag = error as { shortMessage?: string; message?: string; info?: { error?: { message?: string } } };
  return bag.info?.error?.message ?? bag.shortMessage ?? bag.message ?? String(error);
}
