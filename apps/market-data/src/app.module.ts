import { DynamicModule, Module } from '@nestjs/common';
import { HealthModule } from '@perp/service';
import { AuthModule } from './auth/auth.module';
import { KeysModule } from './keys/keys.module';
import { MarketsModule } from './markets/markets.module';
import { HistoryModule } from './history/history.module';
import { V1MarketsModule } from './v1/v1-markets.module';
import { PositionsModule } from './positions/positions.module';
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
          inject: [Stores],
          useFactory: (stores: Stores) => [
            { name: 'index_store', probe: () => stores.index.ping() },
            { name: 'source_store', probe: () => stores.source.ping() },
            { name: 'key_store', probe: () => stores.keys.ping() },
          ],
        }),
        AuthModule,
        KeysModule,
        MarketsModule,
        HistoryModule,
        V1MarketsModule,
        PositionsModule,
      ],
      controllers: [ServiceInfoController],
    };
  }
}
