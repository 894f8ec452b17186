import { DetailHttpException, RequestValidationError } from '@perp/http';

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

/**
 * An id without a market when several markets hold it (position ids are local to each perp):
 * a FastAPI 422 on the missing query parameter, naming how many markets hold the id.
 */
export const ambiguousPositionId = (id: number, markets: number): RequestValidationError =>
  new RequestValidationError([
    {
      type: 'missing',
      loc: ['query', 'perp_address'],
      msg: `Field required: position id ${id} exists in ${markets} markets (ids are local to each perp); name one with perp_address`,
      input: null,
    },
  ]);
