import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { postgresPoolOptions, StoreConnection } from '@perp/service';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';

/** beacon-ops' own database: wallet leases, nonces and the transaction journal. */
@Injectable()
export class JournalStore extends StoreConnection implements OnApplicationShutdown {
  constructor(@Inject(BEACON_OPS_SETTINGS) settings: BeaconOpsSettings) {
    super('Journal store', { type: 'postgres', url: settings.databaseUrl, extra: postgresPoolOptions() });
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

@Global()
@Module({})
export class JournalStoreModule {
  static register(settings: BeaconOpsSettings): DynamicModule {
    return {
      module: JournalStoreModule,
      providers: [{ provide: BEACON_OPS_SETTINGS, useValue: settings }, JournalStore],
      exports: [BEACON_OPS_SETTINGS, JournalStore],
    };
  }
}
