import { DynamicModule, Global, Module } from '@nestjs/common';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from './settings';

/**
 * The service's settings, read once at start (settings.ts). Global, and holding nothing else:
 * every module needs them, so none has to list them; all else a module uses it imports.
 */
@Global()
@Module({})
export class SettingsModule {
  static register(settings: MarketDataSettings): DynamicModule {
    return { module: SettingsModule, providers: [{ provide: MARKET_DATA_SETTINGS, useValue: settings }], exports: [MARKET_DATA_SETTINGS] };
  }
}
