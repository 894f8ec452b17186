import { performance } from 'node:perf_hooks';
import { decodePosition, PositionRecord } from '@perp/index-db/figures';
import type { CandidateBookData } from './candidate-book';
import { CANDIDATE_SORTS, compareSortKeys, RankedCandidate, SortKeys, sortKeys } from './candidate-order';
import { CANDIDATES_SQL, candidateParams, MARKET_INPUTS_SQL } from './candidate-queries';
import { isCandidate, MarketKeyBounds, marketKeyBounds } from './candidate-rule';
import { decodeMarketState, MarketState } from './market-state';
import { MarkedMarkets } from './marked-markets';
import { positionFigures } from './position-figures';
import { candidateFields, CandidateFields } from './position-views';

type Raw = Record<string, unknown>;

/** Runs one statement and gives its rows (the worker's pg client; a test's own). */
export type Query = (sql: string, params?: unknown[]) => Promise<Raw[]>;

/** Where a refresh's time went, in ms of wall time. */
export interface RefreshParts {
  /** The inputs statement: every market's row, mark time and write version (Postgres, the round trip and pg's parse). */
  sqlMarkets: number;
  /** The candidates statements of the markets that moved (takers in their key range, every open maker with its ticks): the wait for their rows, and pg's parse of them. */
  sqlPositions: number;
  /** Positions' rows into bigints (decodePosition). */
  decode: number;
  /** The moved markets marked (fair price, EMAs advanced, cumulatives accrued) and their key bounds. */
  mark: number;
  /** The takers' exact health test and the candidate rule. */
  takers: number;
  /** The makers' settle legs and band value, and the candidate rule. */
  makers: number;
  /** The candidates' response fields (decimals) and sort keys. */
  format: number;
  /** Both sorts of every candidate. */
  sort: number;
}

export interface RefreshStats {
  wallMs: number;
  /** Markets read, and of them re-evaluated (their inputs moved, or they are new). */
  markets: number;
  moved: number;
  takers: number;
  makers: number;
  /** Candidates served after the refresh, every market. */
  candidates: number;
  parts: RefreshParts;
}

export interface RefreshResult {
  /** Epoch ms before the first statement: what is served after this refresh reflects the index at least as of then. */
  readAt: number;
  /** The new candidates when any market's moved; absent when none did (the previous book is still exact). */
  book?: CandidateBookData;
  stats: RefreshStats;
}

/** A candidate as kept: its response fields and what the sorts compare. */
interface Candidate {
  fields: CandidateFields;
  keys: SortKeys;
}

interface MarketCandidates {
  /** The market's inputs as read (its row, mark time and write version): a different text means it moved. */
  inputs: string;
  candidates: Candidate[];
}

/**
 * Markets per candidates statement: a full refresh (every market moved, e.g. the first one) is
 * several short statements, each well inside the store's statement timeout, not one long one.
 */
export const MARKETS_PER_STATEMENT = 25;

const noParts = (): RefreshParts => ({ sqlMarkets: 0, sqlPositions: 0, decode: 0, mark: 0, takers: 0, makers: 0, format: 0, sort: 0 });

/**
 * The liquidation candidates kept per market and refreshed incrementally: each refresh reads
 * every market's inputs (one small statement), and re-evaluates only the markets whose inputs
 * moved since the last one (its row: mark inputs, cumulatives, ratios; its latest snapshot time;
 * the write version of its positions and ticks, index-db market_write_versions). A market's
 * candidates depend on nothing else, so the kept ones are exactly what a full evaluation would
 * give. A moved market is read as before: takers in its key range (candidate-rule.ts), every
 * open maker with its ticks; then the exact rule, the response fields and both sorts.
 */
export class CandidateRefresher {
  private readonly markets = new Map<string, MarketCandidates>();
  /** A moved market whose chain inputs did not move (a write version alone) is not marked again. */
  private readonly marked = new MarkedMarkets();
  private version = 0;
  /** The kept candidates differ from the last book published (always before the first; after a refresh that failed half-way). */
  private unpublished = true;

  constructor(
    private readonly bufferE6: number,
    private readonly now: () => number = Date.now,
  ) {}

  async refresh(query: Query): Promise<RefreshResult> {
    const readAt = this.now();
    const started = performance.now();
    const parts = noParts();
    let lap = started;
    const timed = (part: keyof RefreshParts) => {
      const at = performance.now();
      parts[part] += at - lap;
      lap = at;
    };

    const rows = await query(MARKET_INPUTS_SQL);
    timed('sqlMarkets');
    const moved: { row: Raw; inputs: string }[] = [];
    const present = new Set<string>();
    for (const row of rows) {
      const address = row['m_perp_address'] as string;
      present.add(address);
      const inputs = JSON.stringify(Object.values(row));
      if (this.markets.get(address)?.inputs !== inputs) moved.push({ row, inputs });
    }
    const gone = [...this.markets.keys()].filter((address) => !present.has(address));
    const stats: RefreshStats = { wallMs: 0, markets: rows.length, moved: moved.length, takers: 0, makers: 0, candidates: 0, parts };
    if (moved.length === 0 && gone.length === 0 && !this.unpublished) {
      stats.candidates = this.count();
      stats.wallMs = performance.now() - started;
      return { readAt, stats };
    }
    this.unpublished = true;
    for (const address of gone) this.markets.delete(address);

    const chunks: { inputs: string[]; states: MarketState[]; bounds: MarketKeyBounds[] }[] = [];
    for (let from = 0; from < moved.length; from += MARKETS_PER_STATEMENT) {
      const chunk = moved.slice(from, from + MARKETS_PER_STATEMENT);
      const states = chunk.map(({ row }) => decodeMarketState(row, this.marked));
      chunks.push({ inputs: chunk.map(({ inputs }) => inputs), states, bounds: states.map((market) => marketKeyBounds(market, this.bufferE6)) });
    }
    timed('mark');
    // The next chunk's statement runs in Postgres while this one's rows are evaluated (one connection: pg sends it when this one is done).
    const read = (i: number) => {
      const rows = i < chunks.length ? query(CANDIDATES_SQL, candidateParams(chunks[i].bounds)) : Promise.resolve([]);
      rows.catch(() => undefined);
      return rows;
    };
    let next = read(0);
    for (let i = 0; i < chunks.length; i++) {
      const { inputs, states } = chunks[i];
      lap = performance.now();
      const positionRows = await next;
      next = read(i + 1);
      timed('sqlPositions');
      const positions = positionRows.map(decodePosition);
      timed('decode');
      const ranked = new Map<string, RankedCandidate[]>(states.map((market) => [market.perpAddress, []]));
      const markets = new Map(states.map((market) => [market.perpAddress, market]));
      // Takers, then makers: two passes, so that each part is timed apart without a clock read per position.
      stats.takers += this.evaluate(positions, false, markets, ranked);
      timed('takers');
      stats.makers += this.evaluate(positions, true, markets, ranked);
      timed('makers');
      states.forEach((market, j) => {
        const candidates = (ranked.get(market.perpAddress) ?? []).map((c) => ({ fields: candidateFields(c.position, market, c.figures), keys: sortKeys(c) }));
        this.markets.set(market.perpAddress, { inputs: inputs[j], candidates });
      });
      timed('format');
    }

    lap = performance.now();
    const all: Candidate[] = [];
    for (const market of this.markets.values()) for (const candidate of market.candidates) all.push(candidate);
    const orders = Object.fromEntries(
      CANDIDATE_SORTS.map((sort) => {
        const compare = compareSortKeys(sort);
        const order = Uint32Array.from(all, (_, i) => i);
        return [sort, order.sort((a, b) => compare(all[a].keys, all[b].keys))];
      }),
    ) as CandidateBookData['orders'];
    timed('sort');
    this.version += 1;
    this.unpublished = false;
    stats.candidates = all.length;
    stats.wallMs = performance.now() - started;
    return { readAt, book: { version: this.version, candidates: all.map((c) => c.fields), orders }, stats };
  }

  /** The candidates among the makers (or the takers) of `positions`, into their market's list; gives how many were evaluated. */
  private evaluate(positions: PositionRecord[], makers: boolean, markets: Map<string, MarketState>, byMarket: Map<string, RankedCandidate[]>): number {
    let evaluated = 0;
    for (const position of positions) {
      if (position.isMaker !== makers) continue;
      const market = markets.get(position.perpAddress);
      if (!market) continue;
      evaluated += 1;
      // Without a mark the figures are all null: a candidate by the rule.
      const figures = positionFigures(position, market);
      if (isCandidate(position, figures, this.bufferE6)) byMarket.get(market.perpAddress)?.push({ position, figures });
    }
    return evaluated;
  }

  private count(): number {
    let n = 0;
    for (const market of this.markets.values()) n += market.candidates.length;
    return n;
  }
}
