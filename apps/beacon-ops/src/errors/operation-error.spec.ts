import { BeaconOpsError } from '@perp/http';
import { register } from 'prom-client';
import { countAnsweredFailure, ERROR_STATUS, ErrorCode, fail, OperationError, replayedFailure } from './operation-error';

const counted = async (code: ErrorCode) =>
  (await register.getSingleMetric('beacon_ops_errors_total')?.get())?.values.find((v) => v.labels['code'] === code)?.value ?? 0;

describe('fail: the one way beacon-ops raises a failure', () => {
  it('answers the status of its code with the message as given, which the envelope filter renders (a BeaconOpsError)', () => {
    const error = fail('beacon_busy', 'Another update of beacon 0xab is still in progress; retry later');
    expect(error).toBeInstanceOf(BeaconOpsError);
    expect(error.getStatus()).toBe(503);
    expect(error.message).toBe('Another update of beacon 0xab is still in progress; retry later');
    expect(error.getResponse()).toBe('Another update of beacon 0xab is still in progress; retry later');
  });

  it('keeps its code on the server: on the error, in the name a 5xx log line prints, and in beacon_ops_errors_total once answered', async () => {
    const before = await counted('insufficient_gas');
    const error = fail('insufficient_gas', 'Insufficient gas');
    expect(error.code).toBe('insufficient_gas');
    expect(error.name).toBe('BeaconOpsError[insufficient_gas]');
    expect(JSON.stringify(error.getResponse())).not.toContain('insufficient_gas');
    // Raised is not answered: the pool raises and handles some failures itself.
    expect(await counted('insufficient_gas')).toBe(before);
    countAnsweredFailure(error);
    expect(await counted('insufficient_gas')).toBe(before + 1);
  });

  it('replays an idempotent failure with its stored status and message, uncounted (it has no code)', async () => {
    const before = await counted('beacon_busy');
    const replayed = replayedFailure(503, 'Another update of beacon 0xab is still in progress; retry later');
    expect(replayed).toBeInstanceOf(BeaconOpsError);
    expect(replayed).not.toBeInstanceOf(OperationError);
    expect([replayed.getStatus(), replayed.getResponse()]).toEqual([503, 'Another update of beacon 0xab is still in progress; retry later']);
    countAnsweredFailure(replayed);
    countAnsweredFailure(new Error('not ours'));
    expect(await counted('beacon_busy')).toBe(before);
  });

  it.each(Object.entries(ERROR_STATUS))('%s answers %i', (code, status) => {
    expect(new OperationError(code as ErrorCode, 'x').getStatus()).toBe(status);
  });

  it('carries a cause for the log, never for the answer', () => {
    const cause = new Error('node said no');
    const error = fail('would_revert', 'Transaction would revert', { cause });
    expect(error.cause).toBe(cause);
    expect(error.getResponse()).toBe('Transaction would revert');
  });
});
