import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { StoresModule } from '../stores/stores.module';
import { MarketReadModels } from './market-read-models.service';
import { MarketsController } from './markets.controller';
import { MarketsRepository } from './markets.repository';
import { MarketsService } from './markets.service';

/** The unversioned /markets routes; exports the reads the /v1 market routes share. */
@Module({
  imports: [StoresModule, AuthModule],
  controllers: [MarketsController],
  providers: [MarketsRepository, MarketReadModels, MarketsService],
  exports: [MarketsRepository, MarketReadModels],
})
export class MarketsModule {}
