import { Module } from '@nestjs/common';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { ACCESS_TOKENS } from './access-token.guard';

/** The tokens the access guard accepts: imported by every module with a guarded controller. */
@Module({
  providers: [{ provide: ACCESS_TOKENS, inject: [BEACON_OPS_SETTINGS], useFactory: (settings: BeaconOpsSettings) => settings.accessTokens }],
  exports: [ACCESS_TOKENS],
})
export class AuthModule {}
