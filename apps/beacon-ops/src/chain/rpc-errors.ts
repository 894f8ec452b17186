import { DeadlineExceededError } from '@perp/store';
import { ChainUnavailableError } from './chain-unavailable.error';

/**
 * What a JSON-RPC failure means for the pool. ethers wraps node errors in its own codes,
 * and nodes word the same condition differently (geth "already known", anvil "transaction
 * already imported"), so each test looks at both the code and the node's message.
 */
type Bag = { code?: unknown; message?: unknown; shortMessage?: unknown; error?: unknown; info?: unknown; cause?: unknown };

function texts(error: unknown): { codes: string[]; messages: string } {
  const codes: string[] = [];
  const messages: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (!value || typeof value !== 'object' || seen.has(value) || depth > 5) return;
    seen.add(value);
    const bag = value as Bag;
    if (typeof bag.code === 'string') codes.push(bag.code);
    if (typeof bag.message === 'string') messages.push(bag.message);
    if (typeof bag.shortMessage === 'string') messages.push(bag.shortMessage);
    visit(bag.error, depth + 1);
    visit(bag.info, depth + 1);
    visit(bag.cause, depth + 1);
    visit((bag.info as { error?: unknown } | undefined)?.error, depth + 1);
  };
  visit(error, 0);
  return { codes, messages: messages.join(' | ') };
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'TIMEOUT',
  'NETWORK_ERROR',
  'SERVER_ERROR',
]);

/** The node could not be asked (down, unreachable, timed out, a 5xx from its proxy). */
export function isRpcUnreachable(error: unknown): boolean {
  if (error instanceof ChainUnavailableError) return true;
  const { codes, messages } = texts(error);
  return codes.some((code) => UNREACHABLE_CODES.has(code)) || /fetch failed|socket hang up|request timeout|ECONNREFUSED/i.test(messages);
}

/** The node did not answer in time (ethers' request timeout, an aborted fetch, our own deadline): it hangs rather than refuses. */
export function isRpcTimeout(error: unknown): boolean {
  if (error instanceof DeadlineExceededError) return true;
  const { codes, messages } = texts(error);
  return codes.includes('TIMEOUT') || codes.includes('ETIMEDOUT') || /request timeout|aborted due to timeout/i.test(messages);
}

/** The nonce is already taken, on chain or by another transaction in the mempool. */
export function isNonceTaken(error: unknown): boolean {
  const { codes, messages } = texts(error);
  return (
    codes.includes('NONCE_EXPIRED') ||
    codes.includes('REPLACEMENT_UNDERPRICED') ||
    /nonce too low|nonce has already been used|replacement transaction underpriced|replacement fee too low/i.test(messages)
  );
}

/** The node already holds exactly this transaction: the broadcast is a success. */
export function isAlreadyKnown(error: unknown): boolean {
  return /already known|already imported|known transaction/i.test(texts(error).messages);
}

export function isInsufficientFunds(error: unknown): boolean {
  const { codes, messages } = texts(error);
  return codes.includes('INSUFFICIENT_FUNDS') || /insufficient funds/i.test(messages);
}

/** A simulation (eth_call, eth_estimateGas) reverted. */
export function isRevert(error: unknown): boolean {
  const { codes, messages } = texts(error);
  return codes.includes('CALL_EXCEPTION') || /execution reverted/i.test(messages);
}

/** Runs an RPC call; an unreachable node becomes ChainUnavailableError (502). */
export async function rpc<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw error;
    if (isRpcUnreachable(error)) throw new ChainUnavailableError(error);
    throw error;
  }
}
