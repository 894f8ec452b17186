import { BoundedMap } from '@perp/cache';
import { CandleApiRow } from '@perp/index-db';
import { Page } from '@perp/http';
import { JsonText, measureCache } from '../common';
import { CandleDto } from './candle.dto';
import { candleView } from './candle-view';
import { CandleResolution } from './candles-query.dto';

/** About 20 pages of 1000 candles: ~30 MB (the row read and its ~510-byte text per candle). */
export const MAX_CANDLE_TEXTS = 20_000;

const RAW_FIELDS = [
  'open_sqrt_x96',
  'high_sqrt_x96',
  'low_sqrt_x96',
  'close_sqrt_x96',
  'open_index_x96',
  'high_index_x96',
  'low_index_x96',
  'close_index_x96',
  'volume_usd',
  'volume_perps',
  'trade_count',
  'open_interest_long',
  'open_interest_short',
] as const satisfies readonly (keyof CandleApiRow)[];

const sameRow = (a: CandleApiRow, b: CandleApiRow): boolean => RAW_FIELDS.every((field) => a[field] === b[field]);

/**
 * The JSON text of each candle, rendered once and reused while its row reads the same. Formatting
 * (8 prices from X96 integers, 4 amounts) and serialising a 1000-candle page was ~30 % of a
 * request's CPU besides the garbage it made (apps/market-data/README.md "Candles"), and a closed
 * interval's candle never changes: only the newest, still-open one (and any a rewind rewrote)
 * renders again.
 *
 * An entry is checked against the row just read, field by field, never trusted by its key alone:
 * a rewind that rewrote the candle, or an open-interest point written or deleted before its
 * start, gives a different row and a fresh text. Bounded by MAX_CANDLE_TEXTS, the least
 * recently used entry out first.
 */
export class CandleTexts {
  private readonly entries: BoundedMap<string, { row: CandleApiRow; text: string }>;

  constructor(max = MAX_CANDLE_TEXTS) {
    this.entries = new BoundedMap({ max, name: 'candle_text', metrics: measureCache });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The text of JSON.stringify(candleView(...)) for `row`; `perpAddress` lowercase. */
  text(perpAddress: string, resolution: CandleResolution, row: CandleApiRow): string {
    const key = `${perpAddress}/${resolution}/${row.bucket.getTime()}`;
    const known = this.entries.get(key);
    if (known && sameRow(known.row, row)) return known.text;
    const text = JSON.stringify(candleView(perpAddress, resolution, row));
    this.entries.set(key, { row, text });
    return text;
  }

  /** The page envelope around the candles' texts: the text JSON.stringify(toPage(views, total, query)) gives. */
  page(
    perpAddress: string,
    resolution: CandleResolution,
    rows: CandleApiRow[],
    total: number,
    query: { limit: number; offset: number },
  ): JsonText<Page<CandleDto>> {
    const items = rows.map((row) => this.text(perpAddress, resolution, row)).join(',');
    const hasMore = query.offset + rows.length < total;
    return `{"items":[${items}],"total":${total},"limit":${query.limit},"offset":${query.offset},"has_more":${hasMore}}` as JsonText<Page<CandleDto>>;
  }
}
