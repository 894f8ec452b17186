import { Inject, Injectable, Logger } from '@nestjs/common';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { GateRow as StoredGateRow, GatingStore } from '../journal/gating-store';
import { MarketTier, PerpsOfBeacon } from '../touch/perps-of-beacon';
import { gatingMetrics } from './gating-metrics';
import { GateRule, PublishGatedError } from './publish-gated';

/** The gate's read, its tier as the MarketTier the overrides store. */
type GateRow = Omit<StoredGateRow, 'tier'> & { tier: MarketTier | null };

/** The gating settings in force for one beacon: its overrides over the service's settings. */
export interface EffectiveGating {
  heartbeatSeconds: number;
  minIntervalSeconds: number;
  idleMinIntervalSeconds: number;
  /** Pinned by an override; null: from market-data. */
  tier: MarketTier | null;
}

/**
 * Publish gating of ECDSA updates (PUBLISH_GATING):
 * - heartbeat: an unchanged measurement (equal to the last one sent) is not sent again within the heartbeat;
 * - min_interval: no publish within the minimum interval of the last, changed value or not;
 * - idle / dormant: the beacon's tier (from market-data, or pinned) raises that floor: to the idle
 *   interval for an idle beacon, to the heartbeat for a dormant one.
 * The last publish is the journal's row, recorded by the pool exactly when a transaction is sent,
 * under the beacon lock; `check` runs under the same lock, so replicas decide one beacon in turn,
 * each seeing the other's send. A gate that cannot decide (the journal does not answer; the tier is
 * needed and market-data does not answer) lets the update through: it may drop a redundant update,
 * never a real one.
 */
@Injectable()
export class PublishGate {
  private readonly logger = new Logger('PublishGate');

  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly store: GatingStore,
    private readonly markets: PerpsOfBeacon,
  ) {}

  /** Throws PublishGatedError when `measurement` (as journaled: decimal strings) must not be sent now. */
  async check(beacon: string, measurement: string | string[]): Promise<void> {
    if (!this.settings.publishGating) return;
    const key = beacon.toLowerCase();
    let row: GateRow;
    try {
      row = (await this.store.lastPublish(key)) as GateRow;
    } catch (error) {
      this.failed('journal', key, error);
      return;
    }
    if (row.created_at === null || row.age_seconds === null) return;
    const gating = this.effective(row);
    const age = row.age_seconds;
    const held: { rule: GateRule; seconds: number }[] = [];
    if (gating.heartbeatSeconds > age && sameMeasurement(row.measurement, measurement)) held.push({ rule: 'heartbeat', seconds: gating.heartbeatSeconds });
    if (gating.minIntervalSeconds > age) held.push({ rule: 'min_interval', seconds: gating.minIntervalSeconds });
    // The tier matters only when its floor would hold this update: market-data is asked only then.
    const tierFloor = Math.max(gating.heartbeatSeconds, gating.idleMinIntervalSeconds);
    if (tierFloor > age && tierFloor > gating.minIntervalSeconds) {
      const tier = gating.tier ?? (await this.tier(key));
      if (tier === 'dormant' && gating.heartbeatSeconds > age) held.push({ rule: 'dormant', seconds: gating.heartbeatSeconds });
      if (tier === 'idle' && gating.idleMinIntervalSeconds > age) held.push({ rule: 'idle', seconds: gating.idleMinIntervalSeconds });
    }
    if (held.length === 0) return;
    // The rule that holds longest names the time the update would go through.
    const longest = held.reduce((a, b) => (b.seconds > a.seconds ? b : a));
    gatingMetrics.gated.inc({ rule: longest.rule });
    const at = new Date(row.created_at);
    throw new PublishGatedError(longest.rule, at, new Date(at.getTime() + longest.seconds * 1000));
  }

  private effective(row: Pick<GateRow, 'heartbeat_seconds' | 'min_interval_seconds' | 'idle_min_interval_seconds' | 'tier'>): EffectiveGating {
    return {
      heartbeatSeconds: row.heartbeat_seconds ?? this.settings.publishHeartbeatSeconds,
      minIntervalSeconds: row.min_interval_seconds ?? this.settings.publishMinIntervalSeconds,
      idleMinIntervalSeconds: row.idle_min_interval_seconds ?? this.settings.publishIdleMinIntervalSeconds,
      tier: row.tier,
    };
  }

  /** From market-data when tiers are on and it is configured; undefined (no tier rule) otherwise or when it fails. */
  private async tier(beacon: string): Promise<MarketTier | undefined> {
    if (!this.settings.publishTiers || !this.settings.touchMarketDataUrl) return undefined;
    const tier = await this.markets.tier(beacon);
    if (tier === undefined) this.failed('market_data', beacon, new Error('market-data did not answer (see PerpsOfBeacon)'));
    return tier;
  }

  private failed(reason: 'journal' | 'market_data', beacon: string, error: unknown): void {
    gatingMetrics.failures.inc({ reason });
    this.logger.warn(`publish gate of ${beacon}: ${reason === 'journal' ? 'the last publish' : 'the tier'} could not be read (${describe(error)}); publishing`);
  }
}

/** Journaled measurements are canonical decimal strings (or arrays of them): equal values are equal JSON. */
function sameMeasurement(journaled: unknown, measurement: string | string[]): boolean {
  return JSON.stringify(journaled) === JSON.stringify(measurement);
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
