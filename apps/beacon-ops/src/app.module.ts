import { DynamicModule, Module } from '@nestjs/common';
import { HealthModule } from '@perp/service';
import { AuthModule } from './auth/auth.module';
import { BeaconsModule } from './beacons/beacons.module';
import { Chain, ChainModule } from './chain/chain.module';
import { contractsReadinessCheck } from './onchain/contracts-readiness';
import { OnchainModule } from './onchain/onchain.module';
import { RouteCatalog } from './service-info/route-catalog';
import { ServiceInfoController } from './service-info/service-info.controller';
import { BeaconOpsSettings } from './settings';
import { JournalStore, JournalStoreModule } from './journal/journal-store.module';
import { UpdatesModule } from './updates/updates.module';
import { WalletPoolHooks } from './wallet-pool/wallet-pool-hooks';
import { WalletPoolModule } from './wallet-pool/wallet-pool.module';

export interface AppModuleOptions {
  /** Observers of the pool's send path (tests, metrics). */
  poolHooks?: WalletPoolHooks;
}

@Module({})
export class AppModule {
  static register(settings: BeaconOpsSettings, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        JournalStoreModule.register(settings),
        ChainModule,
        WalletPoolModule.register({ hooks: options.poolHooks }),
        AuthModule,
        OnchainModule,
        BeaconsModule,
        UpdatesModule,
        HealthModule.forChecks({
          inject: [JournalStore, Chain],
          useFactory: (journal: JournalStore, chain: Chain) => [
            { name: 'journal_store', probe: () => journal.probeReady() },
            { name: 'chain_rpc', probe: () => chain.ping() },
            contractsReadinessCheck(settings),
          ],
        }),
      ],
      controllers: [ServiceInfoController],
      providers: [RouteCatalog],
    };
  }
}
