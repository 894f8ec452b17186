import { Inject, Injectable, Logger } from '@nestjs/common';
import { BoundedMap, PromiseMemo } from '@perp/cache';
import { createMarketDataClient } from '@perp/market-data-client';
import { measureCache } from '../metrics/cache-metrics';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { touchMetrics } from './touch-metrics';

/** market-data's largest page of /markets. */
const PAGE_LIMIT = 500;
/** At most this many pages per beacon (10 000 perps): a has_more that never ends costs bounded time. */
const MAX_PAGES = 20;
/** Beacons remembered at most; past it the least recently used answer is forgotten (the beacons a service updates are few). */
const MAX_BEACONS = 10_000;
const ADDRESS = /^0x[0-9a-f]{40}$/;

/**
 * How tradable a beacon's markets are, from market-data's open interest and capacity (publish gating):
 * active, some market holds open interest; idle, none does but some has capacity to open;
 * dormant, no market, or every one without open interest and capacity.
 */
export type MarketTier = 'active' | 'idle' | 'dormant';

interface Answer {
  perps: string[];
  tier: MarketTier;
  at: number;
}

/** The fetch market-data is called with; a test passes a scripted one. */
export type MarketDataFetch = (input: Request) => Promise<Response>;
export const MARKET_DATA_FETCH = Symbol('MARKET_DATA_FETCH');

/**
 * The perps whose index is a beacon, from market-data (`GET /markets?beacon=<address>&limit=500`,
 * every page), cached for TOUCH_PERPS_TTL_MS (TOUCH_PERPS_EMPTY_TTL_MS for none). Never throws:
 * when market-data fails (down, slow, refusing the key, a malformed answer) the last answer is
 * served however old, and a beacon market-data never answered for has no perps.
 */
@Injectable()
export class PerpsOfBeacon {
  private readonly logger = new Logger('PerpsOfBeacon');
  /** The last answer per beacon, kept however old (served when market-data fails); its TTL is checked here, as it depends on the answer. */
  private readonly answers = new BoundedMap<string, Answer>({ max: MAX_BEACONS, name: 'perps_of_beacon', metrics: measureCache });
  /** One request per beacon at a time: concurrent flushes share it. */
  private readonly asking = new PromiseMemo<string, Answer | undefined>({ name: 'perps_of_beacon_asking', metrics: measureCache });
  private readonly client?: ReturnType<typeof createMarketDataClient>;

  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    @Inject(MARKET_DATA_FETCH) fetchImpl: MarketDataFetch,
  ) {
    const baseUrl = settings.touchMarketDataUrl;
    if (!baseUrl) return;
    const timeoutMs = settings.touchMarketDataTimeoutMs;
    this.client = createMarketDataClient({
      baseUrl,
      apiKey: settings.touchMarketDataApiKey,
      fetch: (input) => fetchImpl(new Request(input, { signal: AbortSignal.timeout(timeoutMs) })),
    });
  }

  async resolve(beacon: string): Promise<string[]> {
    const key = beacon.toLowerCase();
    const known = this.answers.get(key);
    if (known && Date.now() - known.at < this.ttl(known)) return known.perps;
    const fresh = await this.asked(key);
    if (fresh) return fresh.perps;
    const last = this.answers.peek(key);
    this.logger.warn(`touching the perps of ${key}: ${last ? `using the answer of ${new Date(last.at).toISOString()}` : 'none, market-data never answered'}`);
    return last?.perps ?? [];
  }

  /**
   * The beacon's tier from an answer within its TTL, else asked now; undefined when market-data is not
   * configured or did not answer now (publish gating then publishes: a stale tier never holds an update back).
   */
  async tier(beacon: string): Promise<MarketTier | undefined> {
    if (!this.client) return undefined;
    const key = beacon.toLowerCase();
    const known = this.answers.get(key);
    if (known && Date.now() - known.at < this.ttl(known)) return known.tier;
    return (await this.asked(key))?.tier;
  }

  private asked(key: string): Promise<Answer | undefined> {
    return this.asking.get(key, () => this.ask(key));
  }

  private ttl(answer: Answer): number {
    return answer.perps.length === 0 ? this.settings.touchPerpsEmptyTtlMs : this.settings.touchPerpsTtlMs;
  }

  /** A fresh answer, remembered; undefined when market-data failed (counted and logged). */
  private async ask(beacon: string): Promise<Answer | undefined> {
    try {
      const answer = { ...(await this.fetchAll(beacon)), at: Date.now() };
      this.remember(beacon, answer);
      return answer;
    } catch (error) {
      touchMetrics.failures.inc({ reason: 'market_data' });
      this.logger.warn(`the markets of ${beacon} could not be read from market-data (${describe(error)})`);
      return undefined;
    }
  }

  /** Every page, or an error: a partial list is never cached as the whole. */
  private async fetchAll(beacon: string): Promise<{ perps: string[]; tier: MarketTier }> {
    if (!this.client) return { perps: [], tier: 'dormant' };
    const perps = new Set<string>();
    let openInterest = false;
    let capacity = false;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.client.listMarkets({ beacon, limit: PAGE_LIMIT, offset: page * PAGE_LIMIT });
      if (!answer || !Array.isArray(answer.items)) throw new Error('the answer has no items');
      for (const market of answer.items) {
        const perp = typeof market.perp_address === 'string' ? market.perp_address.toLowerCase() : '';
        if (!ADDRESS.test(perp)) throw new Error(`the answer names a perp that is no address: ${JSON.stringify(market.perp_address).slice(0, 60)}`);
        perps.add(perp);
        openInterest ||= positive(market.open_interest_long) || positive(market.open_interest_short);
        capacity ||= positive(market.capacity_long) || positive(market.capacity_short);
      }
      if (!answer.has_more) return { perps: [...perps], tier: openInterest ? 'active' : capacity ? 'idle' : 'dormant' };
    }
    throw new Error(`more than ${MAX_PAGES * PAGE_LIMIT} markets`);
  }

  private remember(beacon: string, answer: Answer): void {
    this.answers.set(beacon, answer);
  }
}

/**
 * A decimal string above zero. A field missing or not a decimal counts as tradable (positive): an answer
 * market-data shapes otherwise must not make a beacon look dormant and hold its updates back.
 */
function positive(value: unknown): boolean {
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) return true;
  return /[1-9]/.test(value) && !value.startsWith('-');
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 200);
  return String(error).slice(0, 200);
}
