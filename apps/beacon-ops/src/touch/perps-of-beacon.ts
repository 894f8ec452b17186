import { Inject, Injectable, Logger } from '@nestjs/common';
import { createMarketDataClient } from '@perp/market-data-client';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { touchMetrics } from './touch-metrics';

/** market-data's largest page of /markets. */
const PAGE_LIMIT = 500;
/** At most this many pages per beacon (10 000 perps): a has_more that never ends costs bounded time. */
const MAX_PAGES = 20;
/** Beacons remembered at most; past it the oldest answer is forgotten (the beacons a service updates are few). */
const MAX_BEACONS = 10_000;
const ADDRESS = /^0x[0-9a-f]{40}$/;

interface Answer {
  perps: string[];
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
  private readonly answers = new Map<string, Answer>();
  /** One request per beacon at a time: concurrent flushes share it. */
  private readonly asking = new Map<string, Promise<string[]>>();
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
    let asking = this.asking.get(key);
    if (!asking) {
      asking = this.ask(key).finally(() => this.asking.delete(key));
      this.asking.set(key, asking);
    }
    return asking;
  }

  private ttl(answer: Answer): number {
    return answer.perps.length === 0 ? this.settings.touchPerpsEmptyTtlMs : this.settings.touchPerpsTtlMs;
  }

  private async ask(beacon: string): Promise<string[]> {
    try {
      const perps = await this.fetchAll(beacon);
      this.remember(beacon, perps);
      return perps;
    } catch (error) {
      touchMetrics.failures.inc({ reason: 'market_data' });
      const last = this.answers.get(beacon);
      this.logger.warn(
        `the perps of ${beacon} could not be read from market-data (${describe(error)}); ${last ? `using the answer of ${new Date(last.at).toISOString()}` : 'touching none'}`,
      );
      return last?.perps ?? [];
    }
  }

  /** Every page, or an error: a partial list is never cached as the whole. */
  private async fetchAll(beacon: string): Promise<string[]> {
    if (!this.client) return [];
    const perps = new Set<string>();
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.client.listMarkets({ beacon, limit: PAGE_LIMIT, offset: page * PAGE_LIMIT });
      if (!answer || !Array.isArray(answer.items)) throw new Error('the answer has no items');
      for (const market of answer.items) {
        const perp = typeof market.perp_address === 'string' ? market.perp_address.toLowerCase() : '';
        if (!ADDRESS.test(perp)) throw new Error(`the answer names a perp that is no address: ${JSON.stringify(market.perp_address).slice(0, 60)}`);
        perps.add(perp);
      }
      if (!answer.has_more) return [...perps];
    }
    throw new Error(`more than ${MAX_PAGES * PAGE_LIMIT} markets`);
  }

  private remember(beacon: string, perps: string[]): void {
    this.answers.delete(beacon);
    this.answers.set(beacon, { perps, at: Date.now() });
    if (this.answers.size > MAX_BEACONS) this.answers.delete(this.answers.keys().next().value as string);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 200);
  return String(error).slice(0, 200);
}
