import { UNMEASURED } from '@perp/cache';
import { MARKET_CHAIN_COLUMNS, MarketChainRow } from '@perp/index-db/figures';
import { formatDecimal, x96ToPrice } from '@perp/x96-math';
import { MarkDecimals } from './mark-decimals';
import { MarkedMarkets } from './marked-markets';

/** A hook that records `name:hit` and `name:miss`. */
function recording(events: string[]) {
  return (name: string) => ({ ...UNMEASURED, hit: () => events.push(`${name}:hit`), miss: () => events.push(`${name}:miss`) });
}

describe('MarkDecimals', () => {
  it('renders a mark as its exact decimal, once per mark', () => {
    const events: string[] = [];
    const marks = new MarkDecimals(recording(events));
    const mark = 3n * 2n ** 95n; // 1.5
    expect(marks.of(mark)).toBe(formatDecimal(x96ToPrice(mark)));
    expect(marks.of(mark)).toBe('1.5');
    expect(marks.of(2n ** 96n)).toBe('1');
    expect(events).toEqual(['mark_decimal:miss', 'mark_decimal:hit', 'mark_decimal:miss']);
  });
});

describe('MarkedMarkets', () => {
  it('marks once per distinct inputs (a null mark kept too), keyed by the perp, the mark time and the chain columns', () => {
    const events: string[] = [];
    const marked = new MarkedMarkets(recording(events));
    const chain = {} as MarketChainRow; // without a mark time markMarket reads none of it
    const row = { [`m_${MARKET_CHAIN_COLUMNS[0]}`]: '1' };
    const moved = { [`m_${MARKET_CHAIN_COLUMNS[0]}`]: '2' };
    expect(marked.of('0xa', row, chain, null)).toBeNull();
    expect(marked.of('0xa', { ...row }, chain, null)).toBeNull();
    expect(marked.of('0xb', row, chain, null)).toBeNull();
    expect(marked.of('0xa', moved, chain, null)).toBeNull();
    expect(events).toEqual(['marked_market:miss', 'marked_market:hit', 'marked_market:miss', 'marked_market:miss']);
  });
});
