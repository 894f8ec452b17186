import { AddressField, PAGE_LIMITS } from '@perp/http';
import { TimeRangePageQuery } from '../common';

/** GET /trades: a wallet's fills. holder is required (a page of every wallet's trades is /markets/{perp_address}/trades). */
export class FillsQuery extends TimeRangePageQuery(PAGE_LIMITS.trades) {
  @AddressField({ required: true, description: 'Wallet address (any case): the holder of the positions whose closes are listed' })
  holder!: string;

  @AddressField({ description: 'Perp contract address: only that market (an unknown one gives an empty page, as on /positions)' })
  perp_address?: string;
}
