import { isTooManyResults } from './rpc-errors';

describe('isTooManyResults: refusals that halve the log window', () => {
  it.each([
    'query returned more than 10000 results',
    'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range',
    'block range is too wide',
    'exceed maximum block range: 5000',
    'request timeout (code=TIMEOUT, version=6.17.0)',
  ])('%s', (message) => expect(isTooManyResults(new Error(message))).toBe(true));

  it('reads the node error nested in an ethers error, and its code', () => {
    expect(isTooManyResults(Object.assign(new Error('could not coalesce error'), { error: { code: -32005, message: 'limit' } }))).toBe(true);
  });

  it('leaves other failures to the retry with backoff', () => {
    expect(isTooManyResults(new Error('connect ECONNREFUSED 127.0.0.1:8545'))).toBe(false);
    expect(isTooManyResults(new Error('invalid params'))).toBe(false);
  });
});
