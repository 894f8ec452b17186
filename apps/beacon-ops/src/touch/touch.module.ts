import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/chain.module';
import { WalletPoolModule } from '../wallet-pool/wallet-pool.module';
import { MARKET_DATA_FETCH, PerpsOfBeacon } from './perps-of-beacon';
import { PerpTouches } from './perp-touches';

/** Touch after update (off unless TOUCH_MARKET_DATA_URL is set): sends through the wallet pool. */
@Module({
  imports: [ChainModule, WalletPoolModule],
  providers: [PerpsOfBeacon, PerpTouches, { provide: MARKET_DATA_FETCH, useValue: (input: Request) => fetch(input) }],
  exports: [PerpTouches, PerpsOfBeacon],
})
export class TouchModule {}
