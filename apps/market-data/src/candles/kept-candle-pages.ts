import { BoundedMap } from '@perp/cache';
import { Page } from '@perp/http';
import { JsonText, KeptAnswer, keptAnswer, measureCache } from '../common';
import { CandleDto } from './candle.dto';

/** About 32 MB at most: a 1000-candle page is ~510 KB. */
export const MAX_KEPT_CANDLE_PAGES = 64;

/**
 * Candle pages kept by their query with the market's candle write versions read before the page
 * (index-db CANDLE_VERSIONS_SQL): a request that reads the same versions gets the kept text
 * without reading or joining the page again. Exact, never a TTL: any statement that wrote the
 * market's candles or open-interest points (a snapshot, a trade, a rewind, a rebuild) gave it
 * new versions. Reading the versions first makes a race safe: a page written after them is kept
 * under the older versions and read again by the next request. Bounded: the least recently used
 * page goes first.
 */
export class KeptCandlePages {
  private readonly pages: BoundedMap<string, { versions: string; bytes: KeptAnswer<Page<CandleDto>> }>;

  constructor(max = MAX_KEPT_CANDLE_PAGES) {
    this.pages = new BoundedMap({ max, name: 'candle_page', metrics: measureCache });
  }

  get size(): number {
    return this.pages.size;
  }

  get(key: string, versions: string): KeptAnswer<Page<CandleDto>> | undefined {
    const kept = this.pages.get(key);
    return kept?.versions === versions ? kept.bytes : undefined;
  }

  /** Keeps `text` as bytes (encoded and its ETag computed now, once) and returns them. */
  keep(key: string, versions: string, text: JsonText<Page<CandleDto>>): KeptAnswer<Page<CandleDto>> {
    const bytes = keptAnswer<Page<CandleDto>>(text);
    this.pages.set(key, { versions, bytes });
    return bytes;
  }
}
