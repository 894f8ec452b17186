import type { CandidateSort } from './candidate-order';
import type { CandidateFields } from './position-views';

/**
 * What the candidates worker publishes after a refresh that changed any market's candidates:
 * every candidate's response fields but is_stale, and each sort's order over them.
 */
export interface CandidateBookData {
  /** 1, 2, ...: one per change of the candidates, so that an answer memoised for another version is known stale. */
  version: number;
  candidates: CandidateFields[];
  /** Indexes into `candidates`, in each sort's order (candidate-order.ts). */
  orders: Record<CandidateSort, Uint32Array>;
}

/** Distinct markets whose order is kept per book: a request naming an unknown market must not grow it without bound. */
const MARKET_ORDERS_LIMIT = 4_096;

/**
 * The candidates being served, on the request thread: a page is a slice of one sort's order, of
 * every market or of one (a market's order is the whole order filtered, once per book and sort).
 */
export class CandidateBook {
  private readonly marketOrders = new Map<string, Uint32Array>();

  constructor(readonly data: CandidateBookData) {}

  get version(): number {
    return this.data.version;
  }

  page(sort: CandidateSort, perpAddress: string | undefined, limit: number, offset: number): { items: CandidateFields[]; total: number } {
    const order = perpAddress === undefined ? this.data.orders[sort] : this.marketOrder(sort, perpAddress);
    const items: CandidateFields[] = [];
    for (let i = offset; i < order.length && i < offset + limit; i++) items.push(this.data.candidates[order[i]]);
    return { items, total: order.length };
  }

  private marketOrder(sort: CandidateSort, perpAddress: string): Uint32Array {
    const key = `${sort}|${perpAddress}`;
    let order = this.marketOrders.get(key);
    if (order === undefined) {
      const whole = this.data.orders[sort];
      const kept: number[] = [];
      for (let i = 0; i < whole.length; i++) if (this.data.candidates[whole[i]].perp_address === perpAddress) kept.push(whole[i]);
      order = Uint32Array.from(kept);
      if (this.marketOrders.size >= MARKET_ORDERS_LIMIT) this.marketOrders.clear();
      this.marketOrders.set(key, order);
    }
    return order;
  }
}
