import { Injectable } from '@nestjs/common';
import { RefreshingCache } from '@perp/cache';
import { measureCache } from '../common';
import { MarketReadModel } from './market-read-model';
import { MarketsRepository } from './markets.repository';

/**
 * How old a market's read model may be: its answers change at most once per snapshot, and 1 s
 * bounds the staleness a bot sees (matching max-age=1). Reused as is for the first half; in the
 * second half it is still answered while one background load replaces it, so that no request
 * waits for the reload (RefreshingCache).
 */
export const MARKET_READ_MAX_AGE_MS = 1_000;
export const MARKET_READ_MAX_AGE_SECONDS = 1;
const FRESH_MS = MARKET_READ_MAX_AGE_MS / 2;

/**
 * One read model per market (MarketReadModel), shared by both route families (unversioned and
 * /v1), so that /markets/{a}, /live, /stats and their /v1 twins for the same market cost one
 * read per second at most, and one serialisation per route. The model is the only TTL: its
 * answers are replayed by URL (common/kept-answers.ts) while it is the market's model and
 * younger than MARKET_READ_MAX_AGE_MS; a replay in its second half starts the one background
 * reload. A miss (unknown market) is remembered as long: a market that appears is seen within
 * 1 s. Store failures are never kept.
 */
@Injectable()
export class MarketReadModels {
  private readonly models = new RefreshingCache<MarketReadModel>({
    ttlMs: FRESH_MS,
    staleMs: MARKET_READ_MAX_AGE_MS - FRESH_MS,
    max: 10_000,
    name: 'market',
    metrics: measureCache,
  });

  constructor(private readonly repository: MarketsRepository) {}

  /** The market's current model (an unknown market's too: its routes answer 404). */
  of(perpAddress: string): Promise<MarketReadModel> {
    return this.models.get(perpAddress, () => this.load(perpAddress));
  }

  private async load(perpAddress: string): Promise<MarketReadModel> {
    const startedAt = Date.now();
    // A market whose stats were asked keeps its window current with its read: one round of two queries.
    const windowAsked = this.models.peek(perpAddress)?.windowAsked === true;
    const loadWindow = () => this.repository.priceWindow(perpAddress);
    const [read, window] = await Promise.all([this.repository.marketWithLatestSnapshot(perpAddress), windowAsked ? loadWindow() : undefined]);
    const model: MarketReadModel = new MarketReadModel(perpAddress, read, startedAt, loadWindow, () => this.isCurrent(model), window);
    return model;
  }

  /** Whether `model`'s answers may still be replayed: it is its market's model and not past its age. */
  private isCurrent(model: MarketReadModel): boolean {
    const age = Date.now() - model.loadedAt;
    if (age >= MARKET_READ_MAX_AGE_MS || this.models.peek(model.perpAddress) !== model) return false;
    // Past its fresh half: start the one background reload (once); the replay goes on meanwhile.
    if (age >= FRESH_MS) this.models.refreshIfStale(model.perpAddress, () => this.load(model.perpAddress));
    return true;
  }
}
