import { DetailHttpException } from '@perp/http';

/** The 404 bodies of DESIGN.md §4 ("unknown market / position / ticker", "/live with no snapshot"). */
export const NOT_FOUND_DETAIL = {
  market: 'Market not found',
  ticker: 'Ticker not found',
  position: 'Position not found',
  liveData: 'No live data for market',
} as const;

export const marketNotFound = (): DetailHttpException => new DetailHttpException(404, NOT_FOUND_DETAIL.market);
export const tickerNotFound = (): DetailHttpException => new DetailHttpException(404, NOT_FOUND_DETAIL.ticker);
export const positionNotFound = (): DetailHttpException => new DetailHttpException(404, NOT_FOUND_DETAIL.position);
export const noLiveData = (): DetailHttpException => new DetailHttpException(404, NOT_FOUND_DETAIL.liveData);
