import { DynamicModule, Module } from '@nestjs/common';
import { HealthModule } from '@perp/service';
import { Chain, ChainModule } from './chain/chain.module';
import { ServiceInfoController } from './service-info/service-info.controller';
import { BeaconOpsSettings } from './settings';
import { JournalStore, JournalStoreModule } from './stores/journal-store.module';

@Module({})
export class AppModule {
  static register(settings: BeaconOpsSettings): DynamicModule {
    return {
      module: AppModule,
      imports: [
        JournalStoreModule.register(settings),
        ChainModule,
        HealthModule.forChecks({
          inject: [JournalStore, Chain],
          useFactory: (journal: JournalStore, chain: Chain) => [
            { name: 'journal_store', probe: () => journal.ping() },
            { name: 'chain_rpc', probe: () => chain.ping() },
          ],
        }),
      ],
      controllers: [ServiceInfoController],
    };
  }
}
