import { Inject, Injectable } from '@nestjs/common';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { GATING_FIELDS, GatingField as Field, GatingOverrideRow as Row, GatingStore } from '../journal/gating-store';
import { BeaconGatingDto, SetBeaconGatingBody } from './dto/beacon-gating.dto';

const FIELDS = GATING_FIELDS;

/** Per-beacon overrides of the publish gating settings, in the journal database (every replica reads them). */
@Injectable()
export class GatingOverrides {
  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly store: GatingStore,
  ) {}

  async read(beacon: string): Promise<BeaconGatingDto> {
    const key = beacon.toLowerCase();
    return this.answer(key, await this.store.overrides(key));
  }

  async write(body: SetBeaconGatingBody): Promise<BeaconGatingDto> {
    const key = body.beacon_address.toLowerCase();
    const given = FIELDS.map((field) => body[field] !== undefined);
    const values = FIELDS.map((field) => body[field] ?? null);
    return this.answer(key, await this.store.writeOverrides(key, values, given));
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
