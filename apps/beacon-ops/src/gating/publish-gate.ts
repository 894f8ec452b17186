import { Inject, Injectable, Logger } from '@nestjs/common';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { JournalStore } from '../stores/journal-store.module';
import { gatingMetrics } from './gating-metrics';
import { GateRule, PublishGatedError } from './publish-gated';

/**
 * The beacon's last ECDSA update still standing (pending or confirmed: a sent one counts, a failed or
 * replaced one does not), and its age by the database's clock, which every replica shares. Uses
 * tx_journal_ecdsa_publishes (one index probe). $1 the beacon, lowercase.
 */
const LAST_PUBLISH_SQL = `SELECT request -> 'measurement' AS measurement, created_at,
    extract(epoch FROM now() - created_at)::float8 AS age_seconds
  FROM tx_journal
  WHERE beacon_addresses[1] = $1 AND request_kind IN ('update_beacon_with_ecdsa_adapter', 'update_group_beacon_with_ecdsa_adapter')
    AND status IN ('pending', 'confirmed')
  ORDER BY id DESC LIMIT 1`;

interface LastPublish {
  measurement: unknown;
  created_at: Date;
  age_seconds: number;
}

/**
 * Publish gating of ECDSA updates (PUBLISH_GATING): an unchanged measurement is not sent again within
 * PUBLISH_HEARTBEAT_SECONDS of the last publish, and no publish comes within PUBLISH_MIN_INTERVAL_SECONDS
 * of the last. The last publish is the journal's row: recorded exactly when a transaction is sent, by
 * the pool, under the beacon lock; `check` runs under the same lock, so two replicas decide in turn, each
 * seeing the other's send. A gate that cannot decide (the journal does not answer) lets the update through.
 */
@Injectable()
export class PublishGate {
  private readonly logger = new Logger('PublishGate');

  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly store: JournalStore,
  ) {}

  /** Throws PublishGatedError when `measurement` (as journaled: decimal strings) must not be sent now. */
  async check(beacon: string, measurement: string | string[]): Promise<void> {
    const { publishGating, publishHeartbeatSeconds: heartbeat, publishMinIntervalSeconds: floor } = this.settings;
    if (!publishGating || (heartbeat === 0 && floor === 0)) return;
    let last: LastPublish | undefined;
    try {
      ({
        rows: [last],
      } = await this.store.prepared<LastPublish>('gate_last_publish', LAST_PUBLISH_SQL, [beacon.toLowerCase()]));
    } catch (error) {
      gatingMetrics.failures.inc({ reason: 'journal' });
      this.logger.warn(`publish gate of ${beacon.toLowerCase()}: the last publish could not be read (${describe(error)}); publishing`);
      return;
    }
    if (!last) return;
    const held: { rule: GateRule; seconds: number }[] = [];
    if (floor > 0 && last.age_seconds < floor) held.push({ rule: 'min_interval', seconds: floor });
    if (heartbeat > 0 && last.age_seconds < heartbeat && sameMeasurement(last.measurement, measurement)) held.push({ rule: 'heartbeat', seconds: heartbeat });
    if (held.length === 0) return;
    // The rule that holds longest names the time the update would go through.
    const longest = held.reduce((a, b) => (b.seconds > a.seconds ? b : a));
    gatingMetrics.gated.inc({ rule: longest.rule });
    const at = new Date(last.created_at);
    throw new PublishGatedError(longest.rule, at, new Date(at.getTime() + longest.seconds * 1000));
  }
}

/** Journaled measurements are canonical decimal strings (or arrays of them): equal values are equal JSON. */
function sameMeasurement(journaled: unknown, measurement: string | string[]): boolean {
  return JSON.stringify(journaled) === JSON.stringify(measurement);
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
