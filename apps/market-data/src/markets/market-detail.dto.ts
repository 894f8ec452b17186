import { ApiProperty } from '@nestjs/swagger';
import { LiveMarketDto } from './live-market.dto';
import { MarketDto } from './market.dto';
import { SnapshotDto } from './snapshot.dto';

/** Market detail (unversioned). */
export class MarketDetailDto {
  @ApiProperty({ type: () => MarketDto, required: true })
  market!: MarketDto;

  @ApiProperty({ type: () => SnapshotDto, required: true, nullable: true })
  latest_snapshot!: SnapshotDto | null;

  @ApiProperty({ type: () => LiveMarketDto, required: true, nullable: true, description: 'null while the market has no snapshot' })
  live!: LiveMarketDto | null;
}
