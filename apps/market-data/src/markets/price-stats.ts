import { formatDecimal, toDecimal } from '@perp/x96-math';
import { PriceWindow } from './market-rows';
import { sqrtPrice } from './market-decimals';

export interface PriceStats {
  price_24h_high: string;
  price_24h_low: string;
  price_24h_change: string;
  price_24h_change_percent: string;
}

/**
 * The four price_24h_* figures from the window's sqrt prices (X96). Prices decode exactly
 * ((x / 2^96)^2); the percent is (last^2 - first^2) * 100 / first^2 on the integers (2^192
 * cancels), divided at 80 places, and formatDecimal rounds every figure to 18 places.
 * sqrt is monotonic, so min/max of the sqrt prices are those of the prices.
 */
export function priceStats(window: PriceWindow): PriceStats {
  const first = BigInt(window.first);
  const last = BigInt(window.last);
  const firstSquared = first * first;
  // amm_price_x96 > 0 (CHECK), so firstSquared > 0.
  const percent = toDecimal((last * last - firstSquared) * 100n).div(toDecimal(firstSquared));
  return {
    price_24h_high: formatDecimal(sqrtPrice(window.high)),
    price_24h_low: formatDecimal(sqrtPrice(window.low)),
    price_24h_change: formatDecimal(sqrtPrice(window.last).minus(sqrtPrice(window.first))),
    price_24h_change_percent: formatDecimal(percent),
  };
}
