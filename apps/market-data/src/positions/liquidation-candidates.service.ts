import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { BoundedMap } from '@perp/cache';
import { Page, toPage } from '@perp/http';
import { measureCache } from '../common/cache-metrics';
import { KeptAnswer, keptAnswer } from '../common/kept-answers';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { Stores } from '../stores/stores.module';
import { CandidateBook } from './candidate-book';
import { CandidateFeed } from './candidate-feed';
import type { CandidateSort } from './candidate-order';
import type { LiquidationCandidateDto } from './liquidation-candidate.dto';
import { CandidateFields, candidateView } from './position-views';

/**
 * A refresh of the candidates starts every CANDIDATES_REFRESH_MS; what is served was read at most
 * CANDIDATES_MAX_AGE_MS before (a period, plus the refresh that replaces it). Marks move once per
 * snapshot; is_stale is still judged at each request.
 */
export const CANDIDATES_REFRESH_MS = 1_000;
export const CANDIDATES_MAX_AGE_MS = 2_000;

/** Distinct answers kept serialised (a query and its page); each is rebuilt at most once per second and per change of the candidates. */
const ANSWERS_LIMIT = 1_024;

export interface CandidatePageQuery {
  perpAddress?: string;
  sort: CandidateSort;
  limit: number;
  offset: number;
}

/**
 * Liquidation candidates, refreshed off the request thread: the candidates worker re-evaluates
 * only the markets whose inputs moved and posts every candidate's fields with both sorts
 * (candidate-refresh.ts, candidate-feed.ts); a request slices a sort's order, of every market or
 * of one. The unversioned answer is serialised once per change of the candidates, query and
 * second (is_stale is judged by the second), into UTF-8 bytes (a string body would be encoded again
 * for every request), and replayed by URL while it is current (common/kept-answers.ts): most
 * requests cost their authentication, a lookup and the write of the bytes.
 */
@Injectable()
export class LiquidationCandidatesService implements OnModuleDestroy {
  private readonly feed: CandidateFeed;
  private readonly answers = new BoundedMap<string, { book: CandidateBook; second: number; json: KeptAnswer<Page<LiquidationCandidateDto>> }>({
    max: ANSWERS_LIMIT,
    name: 'candidate_answer',
    metrics: measureCache,
  });

  constructor(
    @Inject(MARKET_DATA_SETTINGS) private readonly settings: MarketDataSettings,
    stores: Stores,
  ) {
    this.feed = new CandidateFeed({
      indexDatabaseUrl: settings.indexDatabaseUrl,
      storeTimeoutMs: settings.storeTimeoutMs,
      candidateBufferE6: settings.candidateBufferE6,
      periodMs: CANDIDATES_REFRESH_MS,
      maxAgeMs: CANDIDATES_MAX_AGE_MS,
      storeLabel: stores.index.label,
    });
  }

  /** A page of candidates, is_stale aside (the /v1 shape adds none). */
  async page({ perpAddress, sort, limit, offset }: CandidatePageQuery): Promise<{ items: CandidateFields[]; total: number }> {
    return (await this.feed.current()).page(sort, perpAddress, limit, offset);
  }

  /** The unversioned answer (a Page of LiquidationCandidateDto) as JSON bytes, with is_stale judged at `nowSeconds`. */
  async pageJson(query: CandidatePageQuery, nowSeconds: number): Promise<KeptAnswer<Page<LiquidationCandidateDto>>> {
    const book = await this.feed.current();
    const key = `${query.perpAddress ?? ''}|${query.sort}|${query.limit}|${query.offset}`;
    const kept = this.answers.get(key);
    if (kept && kept.book === book && kept.second === nowSeconds) return kept.json;
    const { items, total } = book.page(query.sort, query.perpAddress, query.limit, query.offset);
    const page = toPage(
      items.map((fields) => candidateView(fields, nowSeconds, this.settings.staleAfterSeconds)),
      total,
      query,
    );
    const json = keptAnswer<Page<LiquidationCandidateDto>>(
      JSON.stringify(page),
      () => this.feed.fresh() === book && Math.floor(Date.now() / 1000) === nowSeconds,
    );
    this.answers.set(key, { book, second: nowSeconds, json });
    return json;
  }

  /** The latest book of candidates, if any: what a new watcher diffs the next one against. */
  latestBook(): CandidateBook | undefined {
    return this.feed.latest();
  }

  /** Every new book of candidates (the stream's candidates channel); returns the unsubscribe. */
  watch(listener: (book: CandidateBook) => void): () => void {
    return this.feed.watch(listener);
  }

  /** A candidate as the route serves it, is_stale judged at `nowSeconds`. */
  view(fields: CandidateFields, nowSeconds: number): LiquidationCandidateDto {
    return candidateView(fields, nowSeconds, this.settings.staleAfterSeconds);
  }

  async onModuleDestroy(): Promise<void> {
    await this.feed.stop();
  }
}
