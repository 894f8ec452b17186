import { StoreUnavailableError } from '@perp/store';
import { BeaconOpsSettings } from '../settings';
import { GatingStore } from '../journal/gating-store';
import { JournalStore } from '../journal/journal-store';
import { gatingMetrics } from './gating-metrics';
import { PublishGate } from './publish-gate';
import { PublishGatedError } from './publish-gated';
import { PerpsOfBeacon } from '../touch/perps-of-beacon';

const BEACON = '0x00000000000000000000000000000000000000aa';
const settings = {
  publishGating: true,
  publishHeartbeatSeconds: 840,
  publishMinIntervalSeconds: 0,
  publishIdleMinIntervalSeconds: 0,
  publishTiers: true,
  touchMarketDataUrl: 'http://market-data.test/',
} as BeaconOpsSettings;
const NO_OVERRIDE = { heartbeat_seconds: null, min_interval_seconds: null, idle_min_interval_seconds: null, tier: null };
const unknownTier = { tier: jest.fn().mockResolvedValue(undefined) } as unknown as PerpsOfBeacon;
const failures = async (reason: string) => (await gatingMetrics.failures.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;

/** A gate that cannot read the last publish lets the update through: it may drop a redundant update, never a real one. */
describe('PublishGate when what it reads fails', () => {
  it.each([
    ['does not answer in time', new StoreUnavailableError('Journal store', 'timeout')],
    ['refuses the statement', Object.assign(new Error('relation "tx_journal" does not exist'), { code: '42P01' })],
  ])('publishes when the journal %s, and counts gate_failures_total{reason="journal"}', async (_what, error) => {
    const store = { prepared: jest.fn().mockRejectedValue(error) } as unknown as JournalStore;
    const before = await failures('journal');
    await expect(new PublishGate(settings, new GatingStore(store), unknownTier).check(BEACON, '5')).resolves.toBeUndefined();
    expect(store.prepared).toHaveBeenCalledTimes(1);
    expect(await failures('journal')).toBe(before + 1);
  });

  it('holds back with the same journal answering (the failure path is what differs)', async () => {
    const store = {
      prepared: jest.fn().mockResolvedValue({ rows: [{ ...NO_OVERRIDE, measurement: '5', created_at: new Date(0), age_seconds: 10 }], rowCount: 1 }),
    } as unknown as JournalStore;
    await expect(new PublishGate(settings, new GatingStore(store), unknownTier).check(BEACON, '5')).rejects.toBeInstanceOf(PublishGatedError);
  });

  it('reads nothing when gating is off', async () => {
    const store = { prepared: jest.fn() } as unknown as JournalStore;
    await new PublishGate({ ...settings, publishGating: false }, new GatingStore(store), unknownTier).check(BEACON, '5');
    expect(store.prepared).not.toHaveBeenCalled();
  });

  it('publishes a changed value within the heartbeat when the tier is needed and market-data does not answer, and counts reason="market_data"', async () => {
    const store = {
      prepared: jest.fn().mockResolvedValue({ rows: [{ ...NO_OVERRIDE, measurement: '5', created_at: new Date(0), age_seconds: 10 }], rowCount: 1 }),
    } as unknown as JournalStore;
    const before = await failures('market_data');
    await expect(new PublishGate(settings, new GatingStore(store), unknownTier).check(BEACON, '6')).resolves.toBeUndefined();
    expect(unknownTier.tier).toHaveBeenCalledWith(BEACON);
    expect(await failures('market_data')).toBe(before + 1);
  });
});
