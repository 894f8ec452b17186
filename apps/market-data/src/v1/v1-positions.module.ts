import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PositionsModule } from '../positions/positions.module';
import { V1PositionsController } from './v1-positions.controller';
import { V1PositionsService } from './v1-positions.service';

/** The legacy /v1/positions routes, on the same services as /positions. */
@Module({ imports: [PositionsModule, AuthModule], controllers: [V1PositionsController], providers: [V1PositionsService] })
export class V1PositionsModule {}
