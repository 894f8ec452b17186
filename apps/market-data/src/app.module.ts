import { DynamicModule, Module } from '@nestjs/common';
import { JwtBearerVerifier } from '@perp/auth';
import { HealthModule } from '@perp/service';
import { AuthModule } from './auth/auth.module';
import { DEVELOPER_JWT_VERIFIER } from './auth/developer-jwt-verifier';
import { jwksReadinessCheck } from './auth/jwks-readiness';
import { FillsModule } from './fills/fills.module';
import { KeysModule } from './keys/keys.module';
import { MarketsModule } from './markets/markets.module';
import { HistoryModule } from './history/history.module';
import { CandlesModule } from './candles/candles.module';
import { IndexStatusModule } from './index-status/index-status.module';
import { V1MarketsModule } from './v1/v1-markets.module';
import { PositionsModule } from './positions/positions.module';
import { StreamModule } from './stream/stream.module';
import { ServiceInfoController } from './service-info/service-info.controller';
import { MarketDataSettings } from './settings';
import { Stores, StoresModule } from './stores/stores.module';

@Module({})
export class AppModule {
  static register(settings: MarketDataSettings): DynamicModule {
    return {
      module: AppModule,
      imports: [
        StoresModule.register(settings),
        HealthModule.forChecks({
          inject: [Stores, DEVELOPER_JWT_VERIFIER],
          useFactory: (stores: Stores, verifier: JwtBearerVerifier) => [
            { name: 'index_store', probe: () => stores.index.probeReady() },
            { name: 'source_store', probe: () => stores.source.probeReady() },
            { name: 'key_store', probe: () => stores.keys.probeReady() },
            jwksReadinessCheck(settings, verifier),
          ],
        }),
        AuthModule,
        KeysModule,
        MarketsModule,
        HistoryModule,
        CandlesModule,
        IndexStatusModule,
        V1MarketsModule,
        PositionsModule,
        FillsModule,
        StreamModule,
      ],
      controllers: [ServiceInfoController],
    };
  }
}
