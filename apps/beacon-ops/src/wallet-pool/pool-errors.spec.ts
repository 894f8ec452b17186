import { ChainUnavailableError } from '../chain/chain-unavailable.error';
import { OperationError } from '../errors/operation-error';
import { transactionRejected, TransactionWouldRevertError } from './pool-errors';

describe('the pool errors a caller catches by type, raised with their codes', () => {
  it('a refused transaction answers 500 "Internal server error"; the node words are only in its cause', () => {
    const refusal = new Error('max fee per gas less than block base fee');
    const error = transactionRejected('0xabc', refusal);
    expect(error.code).toBe('transaction_rejected');
    expect(error.getStatus()).toBe(500);
    expect(error.getResponse()).toBe('Internal server error');
    expect((error.cause as Error).message).toBe('The node refused transaction 0xabc: max fee per gas less than block base fee');
    expect((error.cause as Error).cause).toBe(refusal);
  });

  it('a simulation that reverts is 422 with its reason, an OperationError of code would_revert', () => {
    const error = new TransactionWouldRevertError('ProofAlreadyUsed');
    expect(error).toBeInstanceOf(OperationError);
    expect(error).toMatchObject({ code: 'would_revert', reason: 'ProofAlreadyUsed' });
    expect(error.getStatus()).toBe(422);
    expect(error.getResponse()).toBe('Transaction would revert: ProofAlreadyUsed');
    expect(new TransactionWouldRevertError(null).getResponse()).toBe('Transaction would revert');
  });

  it('an RPC that does not answer is 502 "Chain RPC unavailable", code chain_unavailable', () => {
    const error = new ChainUnavailableError(new Error('fetch failed'));
    expect(error).toBeInstanceOf(OperationError);
    expect(error).toMatchObject({ code: 'chain_unavailable', detail: 'Chain RPC unavailable' });
    expect(error.getStatus()).toBe(502);
    expect(error.getResponse()).toBe('Chain RPC unavailable');
  });
});
