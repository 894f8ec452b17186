import { DynamicModule, Global, Module } from '@nestjs/common';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from './settings';

/** The service's settings, and nothing else: global, as every room reads them. */
@Global()
@Module({})
export class SettingsModule {
  static register(settings: BeaconOpsSettings): DynamicModule {
    return { module: SettingsModule, providers: [{ provide: BEACON_OPS_SETTINGS, useValue: settings }], exports: [BEACON_OPS_SETTINGS] };
  }
}
