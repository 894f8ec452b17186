import { Module } from '@nestjs/common';
import { CandlesController } from './candles.controller';
import { CandlesRepository } from './candles.repository';
import { CandlesService } from './candles.service';

/** GET /markets/{perp_address}/candles, from the index store's candles rollup. */
@Module({ controllers: [CandlesController], providers: [CandlesRepository, CandlesService] })
export class CandlesModule {}
