import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireApiKey } from '../auth';
import { ApiErrors, HttpCache } from '../common';
import { IndexStatusDto } from './index-status.dto';
import { IndexStatusService } from './index-status.service';

@ApiTags('index')
@RequireApiKey()
@Controller('index')
export class IndexStatusController {
  constructor(private readonly service: IndexStatusService) {}

  @Get('status')
  @ApiOperation({
    summary: 'How fresh the index is',
    description:
      "Per chain the indexer's last block, its time and its age (lag_seconds = now - block time: the store keeps no chain head); per market the time of " +
      'its latest snapshot. Without a chain cursor (an index the simulator loaded) chains is empty and note says so. The same figures are metrics ' +
      '(market_data_index_*) on /metrics.',
  })
  @ApiOkResponse({ type: IndexStatusDto })
  @ApiErrors({ stores: ['Index store'] })
  @HttpCache('no-cache')
  status(): Promise<IndexStatusDto> {
    return this.service.status();
  }
}
