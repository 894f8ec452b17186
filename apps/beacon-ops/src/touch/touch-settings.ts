import { httpUrl, integer, optional, setting } from '@perp/settings';
import { gasAmount } from '../gas-policy';

/**
 * Touch after update (touch/). Off unless TOUCH_MARKET_DATA_URL is set; then
 * TOUCH_MARKET_DATA_API_KEY and MULTICALL3_ADDRESS are required (checked at start-up).
 */
export const touchSettingsSpec = {
  /** market-data's base URL, where the perps of a beacon are read (`GET /markets?beacon=`); unset: no touches. */
  touchMarketDataUrl: setting('TOUCH_MARKET_DATA_URL', optional(httpUrl), { default: '' }),
  /** The X-API-Key beacon-ops sends to market-data (a bot key of its own); no default. */
  touchMarketDataApiKey: setting('TOUCH_MARKET_DATA_API_KEY', optional(String), { default: '', secret: true }),
  /** One market-data request may take this long; then the last answer (or none) is used. */
  touchMarketDataTimeoutMs: setting('TOUCH_MARKET_DATA_TIMEOUT_MS', integer({ min: 100, max: 60_000 }), { default: '5000' }),
  /** A beacon's perps, once read, are reused this long (and served past it while market-data does not answer). */
  touchPerpsTtlMs: setting('TOUCH_PERPS_TTL_MS', integer({ min: 0 }), { default: '300000' }),
  /** An empty answer (a beacon with no market yet) is reused only this long: a new market is picked up soon. */
  touchPerpsEmptyTtlMs: setting('TOUCH_PERPS_EMPTY_TTL_MS', integer({ min: 0 }), { default: '60000' }),
  /** Updates confirmed within one window are followed by one touch of each of their perps, at its end. */
  touchFlushMs: setting('TOUCH_FLUSH_MS', integer({ min: 10, max: 60_000 }), { default: '1000' }),
  /** Perps per Multicall3 transaction (further perps of a window go in further transactions). */
  touchMaxBatch: setting('TOUCH_MAX_BATCH', integer({ min: 1, max: 200 }), { default: '50' }),
  /**
   * The batch's explicit gas limit is TOUCH_GAS_BASE + TOUCH_GAS_PER_PERP x perps: eth_estimateGas
   * finds the least gas at which aggregate3 succeeds, and with allowFailure that is a limit at
   * which the touches themselves run out of gas and fail quietly.
   */
  touchGasBase: setting('TOUCH_GAS_BASE', gasAmount, { default: '200000' }),
  touchGasPerPerp: setting('TOUCH_GAS_PER_PERP', gasAmount, { default: '300000' }),
};

/** Problems of the touch settings taken together (reported with the rest at start-up). */
export function touchSettingsProblems(values: {
  touchMarketDataUrl?: string;
  touchMarketDataApiKey?: string;
  multicall3Address?: string;
  touchMaxBatch?: number;
  touchGasBase?: bigint;
  touchGasPerPerp?: bigint;
  maxTransactionGas?: bigint;
}): string[] {
  if (!values.touchMarketDataUrl) return [];
  const problems: string[] = [];
  if (!values.touchMarketDataApiKey) problems.push('TOUCH_MARKET_DATA_API_KEY is required when TOUCH_MARKET_DATA_URL is set');
  if (!values.multicall3Address) problems.push('MULTICALL3_ADDRESS is required when TOUCH_MARKET_DATA_URL is set (touches go in Multicall3 batches)');
  const { touchMaxBatch, touchGasBase, touchGasPerPerp, maxTransactionGas } = values;
  if (touchMaxBatch !== undefined && touchGasBase !== undefined && touchGasPerPerp !== undefined && maxTransactionGas !== undefined) {
    const limit = touchGasBase + touchGasPerPerp * BigInt(touchMaxBatch);
    if (limit > maxTransactionGas) {
      problems.push(
        `TOUCH_MAX_BATCH ${touchMaxBatch}: a full batch's gas limit (TOUCH_GAS_BASE + TOUCH_GAS_PER_PERP x TOUCH_MAX_BATCH = ${limit}) is above MAX_TRANSACTION_GAS ${maxTransactionGas}`,
      );
    }
  }
  return problems;
}
