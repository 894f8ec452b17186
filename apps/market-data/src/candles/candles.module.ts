import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { StoresModule } from '../stores/stores.module';
import { CandlesController } from './candles.controller';
import { CandlesRepository } from './candles.repository';
import { CandlesService } from './candles.service';

/** GET /markets/{perp_address}/candles, from the index store's candles rollup. */
@Module({ imports: [StoresModule, AuthModule], controllers: [CandlesController], providers: [CandlesRepository, CandlesService] })
export class CandlesModule {}
