import { Injectable } from '@nestjs/common';
import { JournalStore } from './journal-store';

/**
 * In one round trip: the beacon's overrides (beacon_gating, NULL columns when none) and its last ECDSA
 * update still standing (pending or confirmed: a sent one counts, a failed or replaced one does not)
 * with its age by the database's clock, which every replica shares (tx_journal_ecdsa_publishes: one
 * index probe). $1 the beacon, lowercase.
 */
export const GATE_SQL = `SELECT o.heartbeat_seconds, o.min_interval_seconds, o.idle_min_interval_seconds, o.tier,
    l.measurement, l.created_at, l.age_seconds
  FROM (SELECT 1) AS one
  LEFT JOIN beacon_gating o ON o.beacon_address = $1
  LEFT JOIN LATERAL (
    SELECT request -> 'measurement' AS measurement, created_at, extract(epoch FROM now() - created_at)::float8 AS age_seconds
    FROM tx_journal
    WHERE beacon_addresses[1] = $1 AND request_kind IN ('update_beacon_with_ecdsa_adapter', 'update_group_beacon_with_ecdsa_adapter')
      AND status IN ('pending', 'confirmed')
    ORDER BY id DESC LIMIT 1) l ON true`;

export const GATING_FIELDS = ['heartbeat_seconds', 'min_interval_seconds', 'idle_min_interval_seconds', 'tier'] as const;
export type GatingField = (typeof GATING_FIELDS)[number];
/** A beacon's overrides as stored: NULL where it keeps the setting. */
export type GatingOverrideRow = Record<GatingField, number | string | null>;

/** GATE_SQL's row: the overrides and the last publish (NULL when none). */
export interface GateRow {
  heartbeat_seconds: number | null;
  min_interval_seconds: number | null;
  idle_min_interval_seconds: number | null;
  tier: string | null;
  measurement: unknown;
  created_at: Date | null;
  age_seconds: number | null;
}

const READ_SQL = `SELECT heartbeat_seconds, min_interval_seconds, idle_min_interval_seconds, tier FROM beacon_gating WHERE beacon_address = $1`;
/** $1 beacon; $2-$5 the values; $6-$9 whether each was given (an absent field keeps the stored one). */
const UPSERT_SQL = `INSERT INTO beacon_gating (beacon_address, heartbeat_seconds, min_interval_seconds, idle_min_interval_seconds, tier)
  VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (beacon_address) DO UPDATE SET
    heartbeat_seconds = CASE WHEN $6 THEN EXCLUDED.heartbeat_seconds ELSE beacon_gating.heartbeat_seconds END,
    min_interval_seconds = CASE WHEN $7 THEN EXCLUDED.min_interval_seconds ELSE beacon_gating.min_interval_seconds END,
    idle_min_interval_seconds = CASE WHEN $8 THEN EXCLUDED.idle_min_interval_seconds ELSE beacon_gating.idle_min_interval_seconds END,
    tier = CASE WHEN $9 THEN EXCLUDED.tier ELSE beacon_gating.tier END,
    updated_at = now()
  RETURNING heartbeat_seconds, min_interval_seconds, idle_min_interval_seconds, tier`;
/** A row with no override left is removed (a later read answers the settings, as for a beacon never set). */
const PRUNE_SQL = `DELETE FROM beacon_gating WHERE beacon_address = $1
  AND heartbeat_seconds IS NULL AND min_interval_seconds IS NULL AND idle_min_interval_seconds IS NULL AND tier IS NULL`;

/** Every statement on beacon_gating and the publish gate's read of the journal, each a named prepared statement; beacons lowercase. */
@Injectable()
export class GatingStore {
  constructor(private readonly store: JournalStore) {}

  async lastPublish(beacon: string): Promise<GateRow> {
    const {
      rows: [row],
    } = await this.store.prepared<GateRow>('gate_last_publish', GATE_SQL, [beacon]);
    return row;
  }

  async overrides(beacon: string): Promise<GatingOverrideRow | undefined> {
    const { rows } = await this.store.prepared<GatingOverrideRow>('gating_read', READ_SQL, [beacon]);
    return rows[0];
  }

  /** Sets the fields `given` names (null clears one) and answers the stored row; a row left without any override is removed. */
  async writeOverrides(beacon: string, values: (number | string | null)[], given: boolean[]): Promise<GatingOverrideRow> {
    const {
      rows: [row],
    } = await this.store.prepared<GatingOverrideRow>('gating_upsert', UPSERT_SQL, [beacon, ...values, ...given]);
    await this.store.prepared('gating_prune', PRUNE_SQL, [beacon]);
    return row;
  }
}
