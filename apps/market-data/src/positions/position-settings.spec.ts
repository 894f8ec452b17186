import { loadMarketDataSettings } from '../settings';
import { devServiceEnv } from '@perp/service';

describe('position route settings', () => {
  it('default to DESIGN §4: buffer 0.10, stale after 300 s', () => {
    expect(loadMarketDataSettings(devServiceEnv())).toMatchObject({ candidateBufferE6: 100_000, staleAfterSeconds: 300 });
  });

  it('take the buffer as an exact decimal with up to 6 places', () => {
    expect(loadMarketDataSettings(devServiceEnv({ CANDIDATE_BUFFER: '0' })).candidateBufferE6).toBe(0);
    expect(loadMarketDataSettings(devServiceEnv({ CANDIDATE_BUFFER: '0.000001' })).candidateBufferE6).toBe(1);
    expect(loadMarketDataSettings(devServiceEnv({ CANDIDATE_BUFFER: '1.5' })).candidateBufferE6).toBe(1_500_000);
    expect(loadMarketDataSettings(devServiceEnv({ STALE_AFTER_SECONDS: '60' })).staleAfterSeconds).toBe(60);
  });

  it.each([
    ['CANDIDATE_BUFFER', '-0.1', /CANDIDATE_BUFFER: must be a non-negative decimal with at most 6 decimal places/],
    ['CANDIDATE_BUFFER', '0.0000001', /at most 6 decimal places/],
    ['CANDIDATE_BUFFER', 'ten', /CANDIDATE_BUFFER/],
    ['CANDIDATE_BUFFER', '11', /CANDIDATE_BUFFER: must be at most 10/],
    ['STALE_AFTER_SECONDS', '-1', /STALE_AFTER_SECONDS: must be at least 0/],
    ['STALE_AFTER_SECONDS', '5.5', /STALE_AFTER_SECONDS: must be an integer/],
  ])('refuse %s=%s', (name, value, message) => {
    expect(() => loadMarketDataSettings(devServiceEnv({ [name]: value }))).toThrow(message);
  });
});
