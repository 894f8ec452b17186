import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { StoresModule } from '../stores/stores.module';
import { HistoryController } from './history.controller';
import { HistoryRepository } from './history.repository';
import { MarketHistoryService } from './market-history.service';

/** GET /markets/{ticker}/history: source series merged with the on-chain index. */
@Module({ imports: [StoresModule, AuthModule], controllers: [HistoryController], providers: [HistoryRepository, MarketHistoryService] })
export class HistoryModule {}
