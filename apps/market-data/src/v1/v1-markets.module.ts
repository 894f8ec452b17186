import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MarketsModule } from '../markets/markets.module';
import { V1MarketsController } from './v1-markets.controller';
import { V1MarketsService } from './v1-markets.service';

/** The legacy /v1/markets routes, on the same reads as /markets. */
@Module({ imports: [MarketsModule, AuthModule], controllers: [V1MarketsController], providers: [V1MarketsService] })
export class V1MarketsModule {}
