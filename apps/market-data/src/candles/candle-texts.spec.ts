import { CandleApiRow } from '@perp/index-db';
import { toPage } from '@perp/http';
import * as views from './candle-view';
import { CandleTexts } from './candle-texts';

const Q96 = 2n ** 96n;
const A = '0x00000000000000000000000000000000000000a1';

function row(minute: number, over: Partial<CandleApiRow> = {}): CandleApiRow {
  return {
    bucket: new Date(Date.UTC(2026, 0, 10, 0, minute)),
    open_sqrt_x96: (2n * Q96).toString(),
    high_sqrt_x96: (3n * Q96).toString(),
    low_sqrt_x96: Q96.toString(),
    close_sqrt_x96: ((3n * Q96) / 2n).toString(),
    open_index_x96: (3n * Q96).toString(),
    high_index_x96: (3n * Q96).toString(),
    low_index_x96: ((5n * Q96) / 2n).toString(),
    close_index_x96: null,
    volume_usd: '8000000',
    volume_perps: '2000000',
    trade_count: 1,
    open_interest_long: '2500000',
    open_interest_short: null,
    ...over,
  };
}

describe('CandleTexts', () => {
  afterEach(() => jest.restoreAllMocks());

  it('gives the text JSON.stringify gives of the candle and of the page', () => {
    const texts = new CandleTexts();
    const rows = [row(2), row(1, { open_sqrt_x96: null, high_sqrt_x96: null, low_sqrt_x96: null, close_sqrt_x96: null }), row(0)];
    for (const [total, offset] of [
      [3, 0],
      [7, 2],
    ]) {
      const text = texts.page(A, '1m', rows, total, { limit: 3, offset });
      const expected = toPage(
        rows.map((r) => views.candleView(A, '1m', r)),
        total,
        { limit: 3, offset },
      );
      expect(text).toBe(JSON.stringify(expected));
      expect(JSON.parse(text)).toEqual(expected);
    }
    expect(texts.page(A, '1m', [], 0, { limit: 500, offset: 0 })).toBe('{"items":[],"total":0,"limit":500,"offset":0,"has_more":false}');
  });

  it('renders a candle once while its row reads the same, again when any field changed', () => {
    const render = jest.spyOn(views, 'candleView');
    const texts = new CandleTexts();
    const first = texts.text(A, '1m', row(0));
    expect(texts.text(A, '1m', row(0))).toBe(first);
    expect(render).toHaveBeenCalledTimes(1);
    // Another resolution or market is another candle.
    texts.text(A, '5m', row(0));
    texts.text('0x00000000000000000000000000000000000000b2', '1m', row(0));
    expect(render).toHaveBeenCalledTimes(3);
    // A rewind rewrote it, or an open-interest point appeared or went before its start.
    for (const change of [
      { close_sqrt_x96: Q96.toString() },
      { trade_count: 2 },
      { open_interest_long: null },
      { open_interest_short: '1' },
    ] as Partial<CandleApiRow>[]) {
      const changed = texts.text(A, '1m', row(0, change));
      expect(changed).not.toBe(first);
      expect(changed).toBe(JSON.stringify(views.candleView(A, '1m', row(0, change))));
    }
    expect(texts.size).toBe(3);
  });

  it('keeps at most its bound, the oldest out first', () => {
    const render = jest.spyOn(views, 'candleView');
    const texts = new CandleTexts(2);
    for (const minute of [0, 1, 2]) texts.text(A, '1m', row(minute));
    expect(texts.size).toBe(2);
    texts.text(A, '1m', row(2));
    expect(render).toHaveBeenCalledTimes(3);
    texts.text(A, '1m', row(0));
    expect(render).toHaveBeenCalledTimes(4);
    expect(texts.size).toBe(2);
  });
});
