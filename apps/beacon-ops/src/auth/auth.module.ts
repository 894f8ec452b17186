import { Global, Module } from '@nestjs/common';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { ACCESS_TOKENS } from './access-token.guard';

/** Global, so the guard resolves its tokens in every feature module. */
@Global()
@Module({
  providers: [{ provide: ACCESS_TOKENS, inject: [BEACON_OPS_SETTINGS], useFactory: (settings: BeaconOpsSettings) => settings.accessTokens }],
  exports: [ACCESS_TOKENS],
})
export class AuthModule {}
