import { makeError } from 'ethers';
import { ChainUnavailableError } from './chain-unavailable.error';
import { isAlreadyKnown, isInsufficientFunds, isNonceTaken, isRevert, isRpcUnreachable, rpc } from './rpc-errors';

/** Errors as ethers 6 raises them for anvil's and geth's answers. */
const nodeError = (code: Parameters<typeof makeError>[1], message: string) => makeError(message, code, { error: { code: -32003, message } } as never);

describe('rpc error classification', () => {
  it('recognises an unreachable node: refused connection, timeouts, fetch failures', () => {
    expect(isRpcUnreachable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8545'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isRpcUnreachable(makeError('request timeout', 'TIMEOUT'))).toBe(true);
    expect(isRpcUnreachable(new TypeError('fetch failed', { cause: { code: 'UND_ERR_SOCKET' } }))).toBe(true);
    expect(isRpcUnreachable(nodeError('NONCE_EXPIRED', 'nonce too low'))).toBe(false);
  });

  it('tells nonce trouble, duplicates, missing funds and reverts apart', () => {
    expect(isNonceTaken(nodeError('NONCE_EXPIRED', 'nonce too low'))).toBe(true);
    expect(isNonceTaken(nodeError('REPLACEMENT_UNDERPRICED', 'replacement transaction underpriced'))).toBe(true);
    expect(isAlreadyKnown(nodeError('UNKNOWN_ERROR', 'transaction already imported'))).toBe(true); // anvil
    expect(isAlreadyKnown(nodeError('UNKNOWN_ERROR', 'already known'))).toBe(true); // geth
    expect(isInsufficientFunds(nodeError('INSUFFICIENT_FUNDS', 'Insufficient funds for gas * price + value'))).toBe(true);
    expect(isRevert(makeError('execution reverted', 'CALL_EXCEPTION'))).toBe(true);
    expect(isNonceTaken(nodeError('INSUFFICIENT_FUNDS', 'insufficient funds'))).toBe(false);
  });

  it('rpc() turns an unreachable node into ChainUnavailableError (502) and lets other errors through', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    await expect(rpc(() => Promise.reject(refused))).rejects.toBeInstanceOf(ChainUnavailableError);
    const revert = makeError('execution reverted', 'CALL_EXCEPTION');
    await expect(rpc(() => Promise.reject(revert))).rejects.toBe(revert);
  });
});
