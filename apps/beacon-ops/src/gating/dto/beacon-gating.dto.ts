import { ApiProperty } from '@nestjs/swagger';
import { AddressField, IntField, LiteralField } from '@perp/http';

const TIERS = ['active', 'idle', 'dormant'] as const;
const SECONDS = { ge: 0, le: 604_800 } as const;

export class GetBeaconGatingBody {
  @AddressField({ required: true, description: 'The beacon whose publish gating to read' })
  beacon_address!: string;
}

/** Each field: absent, unchanged; null, back to the service's setting; a value, this beacon's override. */
export class SetBeaconGatingBody {
  @AddressField({ required: true, description: 'The beacon whose publish gating to change' })
  beacon_address!: string;

  @IntField({ ...SECONDS, nullable: true, description: 'Overrides PUBLISH_HEARTBEAT_SECONDS (0: no heartbeat rule); null: the setting', example: 840 })
  heartbeat_seconds?: number | null;

  @IntField({ ...SECONDS, nullable: true, description: 'Overrides PUBLISH_MIN_INTERVAL_SECONDS (0: no floor); null: the setting', example: 0 })
  min_interval_seconds?: number | null;

  @IntField({ ...SECONDS, nullable: true, description: 'Overrides PUBLISH_IDLE_MIN_INTERVAL_SECONDS; null: the setting', example: 0 })
  idle_min_interval_seconds?: number | null;

  @LiteralField(TIERS, { nullable: true, description: "Pins the beacon's tier; null: from market-data's open interest and capacity", example: 'active' })
  tier?: (typeof TIERS)[number] | null;
}

export class BeaconGatingDto {
  @ApiProperty({ example: '0x5fbdb2315678afecb367f032d93f642f64180aa3' }) beacon_address!: string;
  @ApiProperty({ description: 'PUBLISH_GATING: whether the service gates at all (the values below apply only then)' }) enabled!: boolean;
  @ApiProperty({ example: 840, description: 'In force for this beacon: its override, else the setting' }) heartbeat_seconds!: number;
  @ApiProperty({ example: 0 }) min_interval_seconds!: number;
  @ApiProperty({ example: 0 }) idle_min_interval_seconds!: number;
  @ApiProperty({ type: String, enum: TIERS, nullable: true, example: null, description: "Pinned tier; null: from market-data's open interest and capacity" })
  tier!: (typeof TIERS)[number] | null;
  @ApiProperty({ type: [String], example: ['heartbeat_seconds'], description: 'The fields this beacon overrides' }) overridden!: string[];
}
