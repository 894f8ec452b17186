import { Module } from '@nestjs/common';
import { MARKET_DATA_FETCH, PerpsOfBeacon } from './perps-of-beacon';
import { PerpTouches } from './perp-touches';

/** Touch after update (off unless TOUCH_MARKET_DATA_URL is set). Needs the global WalletPoolModule and settings. */
@Module({
  providers: [PerpsOfBeacon, PerpTouches, { provide: MARKET_DATA_FETCH, useValue: (input: Request) => fetch(input) }],
  exports: [PerpTouches, PerpsOfBeacon],
})
export class TouchModule {}
