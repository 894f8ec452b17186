import { Inject, Injectable } from '@nestjs/common';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { JournalStore } from '../journal/journal-store';
import { BeaconGatingDto, SetBeaconGatingBody } from './dto/beacon-gating.dto';

const FIELDS = ['heartbeat_seconds', 'min_interval_seconds', 'idle_min_interval_seconds', 'tier'] as const;
type Field = (typeof FIELDS)[number];
type Row = Record<Field, number | string | null>;

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

/** Per-beacon overrides of the publish gating settings, in the journal database (every replica reads them). */
@Injectable()
export class GatingOverrides {
  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly store: JournalStore,
  ) {}

  async read(beacon: string): Promise<BeaconGatingDto> {
    const key = beacon.toLowerCase();
    const { rows } = await this.store.prepared<Row>('gating_read', READ_SQL, [key]);
    return this.answer(key, rows[0]);
  }

  async write(body: SetBeaconGatingBody): Promise<BeaconGatingDto> {
    const key = body.beacon_address.toLowerCase();
    const given = FIELDS.map((field) => body[field] !== undefined);
    const values = FIELDS.map((field) => body[field] ?? null);
    const {
      rows: [row],
    } = await this.store.prepared<Row>('gating_upsert', UPSERT_SQL, [key, ...values, ...given]);
    await this.store.prepared('gating_prune', PRUNE_SQL, [key]);
    return this.answer(key, row);
  }

  private answer(beacon: string, row: Row | undefined): BeaconGatingDto {
    const own = (field: Field) => row?.[field] ?? null;
    return {
      beacon_address: beacon,
      enabled: this.settings.publishGating,
      heartbeat_seconds: (own('heartbeat_seconds') as number | null) ?? this.settings.publishHeartbeatSeconds,
      min_interval_seconds: (own('min_interval_seconds') as number | null) ?? this.settings.publishMinIntervalSeconds,
      idle_min_interval_seconds: (own('idle_min_interval_seconds') as number | null) ?? this.settings.publishIdleMinIntervalSeconds,
      tier: own('tier') as BeaconGatingDto['tier'],
      overridden: FIELDS.filter((field) => own(field) !== null),
    };
  }
}
