import { DynamicModule, Module } from '@nestjs/common';
import { HealthModule } from '@perp/service';
import { AuthModule } from './auth/auth.module';
import { BeaconsModule } from './beacons/beacons.module';
import { Chain, ChainModule } from './chain/chain.module';
import { JournalStore } from './journal/journal-store';
import { JournalModule } from './journal/journal.module';
import { contractsReadinessCheck } from './onchain/contracts-readiness';
import { OnchainModule } from './onchain/onchain.module';
import { RouteCatalog } from './service-info/route-catalog';
import { ServiceInfoController } from './service-info/service-info.controller';
import { BeaconOpsSettings } from './settings';
import { SettingsModule } from './settings.module';
import { UpdatesModule } from './updates/updates.module';
import { PoolObservers, WalletPoolHooks } from './wallet-pool/wallet-pool-hooks';
import { WalletPoolModule } from './wallet-pool/wallet-pool.module';

export interface AppModuleOptions {
  /** Observers of the pool's send path (tests, metrics). */
  poolHooks?: WalletPoolHooks;
}

/** Attaches AppModuleOptions.poolHooks to the pool when the app is built, before any send. */
const POOL_HOOKS_ATTACHED = Symbol('POOL_HOOKS_ATTACHED');

@Module({})
export class AppModule {
  static register(settings: BeaconOpsSettings, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        SettingsModule.register(settings),
        JournalModule,
        ChainModule,
        WalletPoolModule,
        AuthModule,
        OnchainModule,
        BeaconsModule,
        UpdatesModule,
        HealthModule.forChecks({
          imports: [JournalModule, ChainModule],
          inject: [JournalStore, Chain],
          useFactory: (journal: JournalStore, chain: Chain) => [
            { name: 'journal_store', probe: () => journal.probeReady() },
            { name: 'chain_rpc', probe: () => chain.ping() },
            contractsReadinessCheck(settings),
          ],
        }),
      ],
      controllers: [ServiceInfoController],
      providers: [
        RouteCatalog,
        { provide: POOL_HOOKS_ATTACHED, inject: [PoolObservers], useFactory: (observers: PoolObservers) => observers.observe(options.poolHooks ?? {}) },
      ],
    };
  }
}
