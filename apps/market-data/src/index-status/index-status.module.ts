import { Module } from '@nestjs/common';
import { IndexStatusController } from './index-status.controller';
import { IndexStatusRepository } from './index-status.repository';
import { IndexStatusService } from './index-status.service';

/** GET /index/status and the market_data_index_* gauges. */
@Module({ controllers: [IndexStatusController], providers: [IndexStatusRepository, IndexStatusService] })
export class IndexStatusModule {}
