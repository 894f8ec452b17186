import { DynamicModule, Module } from '@nestjs/common';
import { JwtBearerVerifier } from '@perp/auth';
import { HealthModule } from '@perp/service';
import { AuthModule } from './auth/auth.module';
import { DEVELOPER_JWT_VERIFIER } from './auth/developer-jwt-verifier';
import { jwksReadinessCheck } from './auth/jwks-readiness';
import { FillsModule } from './fills/fills.module';
import { KeyStore } from './key-store/key-store';
import { KeyStoreModule } from './key-store/key-store.module';
import { KeysModule } from './keys/keys.module';
import { MarketsModule } from './markets/markets.module';
import { HistoryModule } from './history/history.module';
import { CandlesModule } from './candles/candles.module';
import { IndexStatusModule } from './index-status/index-status.module';
import { V1MarketsModule } from './v1/v1-markets.module';
import { PositionsModule } from './positions/positions.module';
import { V1PositionsModule } from './v1/v1-positions.module';
import { StreamModule } from './stream/stream.module';
import { ServiceInfoController } from './service-info/service-info.controller';
import { MarketDataSettings } from './settings';
import { SettingsModule } from './settings.module';
import { Stores, StoresModule } from './stores/stores.module';

@Module({})
export class AppModule {
  static register(settings: MarketDataSettings): DynamicModule {
    return {
      module: AppModule,
      imports: [
        SettingsModule.register(settings),
        HealthModule.forChecks({
          imports: [StoresModule, KeyStoreModule, AuthModule],
          inject: [Stores, KeyStore, DEVELOPER_JWT_VERIFIER],
          useFactory: (stores: Stores, keyStore: KeyStore, verifier: JwtBearerVerifier) => [
            { name: 'index_store', probe: () => stores.index.probeReady() },
            { name: 'source_store', probe: () => stores.source.probeReady() },
            { name: 'key_store', probe: () => keyStore.connection.probeReady() },
            jwksReadinessCheck(settings, verifier),
          ],
        }),
        KeysModule,
        MarketsModule,
        HistoryModule,
        CandlesModule,
        IndexStatusModule,
        V1MarketsModule,
        PositionsModule,
        V1PositionsModule,
        FillsModule,
        StreamModule,
      ],
      controllers: [ServiceInfoController],
    };
  }
}
