import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { StoresModule } from '../stores/stores.module';
import { IndexStatusController } from './index-status.controller';
import { IndexStatusRepository } from './index-status.repository';
import { IndexStatusService } from './index-status.service';

/** GET /index/status and the market_data_index_* gauges. */
@Module({ imports: [StoresModule, AuthModule], controllers: [IndexStatusController], providers: [IndexStatusRepository, IndexStatusService] })
export class IndexStatusModule {}
