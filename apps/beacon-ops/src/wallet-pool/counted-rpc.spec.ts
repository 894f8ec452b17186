import { DeadlineExceededError } from '@perp/store';
import { makeError } from 'ethers';
import { ChainUnavailableError } from '../chain/chain-unavailable.error';
import { poolMetrics } from '../metrics/pool-metrics';
import { countedRpc, rpcErrorKind } from './counted-rpc';

const count = async (kind: string) => (await poolMetrics.rpcErrors.get()).values.find((v) => v.labels['kind'] === kind)?.value ?? 0;

describe('countedRpc: the pool counts its RPC failures; the provider bounds them', () => {
  it('names a provider timeout, an unreachable node, a taken nonce and a revert by kind', () => {
    expect(rpcErrorKind(new ChainUnavailableError(new DeadlineExceededError(5000)))).toBe('timeout');
    expect(rpcErrorKind(new ChainUnavailableError(makeError('request timeout', 'TIMEOUT')))).toBe('timeout');
    expect(rpcErrorKind(new ChainUnavailableError())).toBe('unavailable');
    expect(rpcErrorKind(makeError('nonce too low', 'NONCE_EXPIRED'))).toBe('nonce');
    expect(rpcErrorKind(makeError('execution reverted', 'CALL_EXCEPTION'))).toBe('rejected');
    expect(rpcErrorKind(new Error('something else'))).toBe('other');
  });

  it('passes an answer through and counts nothing', async () => {
    const before = await count('other');
    await expect(countedRpc(() => Promise.resolve(7))).resolves.toBe(7);
    expect(await count('other')).toBe(before);
  });

  it('counts a failure once and raises it, an unreachable node as ChainUnavailableError (502)', async () => {
    const before = await count('unavailable');
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const error = await countedRpc(() => Promise.reject(refused)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as ChainUnavailableError).getStatus()).toBe(502);
    expect(await count('unavailable')).toBe(before + 1);
  });
});
