import { Injectable } from '@nestjs/common';
import { Page, toPage } from '@perp/http';
import { JsonText, marketNotFound } from '../common';
import { LiveMarketDto } from './live-market.dto';
import { MarketDetailDto } from './market-detail.dto';
import { MarketHistoryQuery, SnapshotsQuery, TradesQuery } from './market-page-queries';
import { FundingPointDto, OpenInterestPointDto } from './market-history.dto';
import { fundingPointView, openInterestPointView } from './market-history-views';
import { MarketReadsService } from './market-reads.service';
import { MarketStatsDto } from './market-stats.dto';
import { liveView, marketDetailView, marketView, snapshotView, statsView, tradeView } from './market-views';
import { MarketDto } from './market.dto';
import { MarketsQuery } from './markets-query.dto';
import { MarketsRepository } from './markets.repository';
import { SnapshotDto } from './snapshot.dto';
import { TradeDto } from './trade.dto';

/**
 * The unversioned /markets answers in their canonical shapes: pages straight from the
 * repository, per-market reads through the shared memoised MarketReadsService. One method
 * per route, so that MarketsController only parses input (controller -> service -> repository).
 */
@Injectable()
export class MarketsService {
  constructor(
    private readonly repository: MarketsRepository,
    private readonly reads: MarketReadsService,
  ) {}

  async list(query: MarketsQuery): Promise<Page<MarketDto>> {
    const { rows, total } = await this.repository.listMarkets(query);
    return toPage(rows.map(marketView), total, query);
  }

  async detail(perpAddress: string): Promise<JsonText<MarketDetailDto>> {
    const read = await this.reads.marketWithSnapshot(perpAddress);
    return this.reads.view(read, 'detail', () => marketDetailView(read));
  }

  async live(perpAddress: string): Promise<JsonText<LiveMarketDto>> {
    const read = await this.reads.live(perpAddress);
    return this.reads.view(read, 'live', () => liveView(read.market, read.snapshot, read.chain));
  }

  async stats(perpAddress: string): Promise<JsonText<MarketStatsDto>> {
    const read = await this.reads.priceWindow(perpAddress);
    return this.reads.view(read, 'stats', () => statsView(perpAddress, read));
  }

  /** 404 "Market not found" for an unknown market. */
  async snapshots(perpAddress: string, query: SnapshotsQuery): Promise<Page<SnapshotDto>> {
    const page = await this.repository.snapshotsPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(snapshotView), page.total, query);
  }

  /** 404 "Market not found" for an unknown market. */
  async trades(perpAddress: string, query: TradesQuery): Promise<Page<TradeDto>> {
    const page = await this.repository.tradesPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(tradeView), page.total, query);
  }

  /** 404 "Market not found" for an unknown market. */
  async funding(perpAddress: string, query: MarketHistoryQuery): Promise<Page<FundingPointDto>> {
    const page = await this.repository.fundingPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(fundingPointView), page.total, query);
  }

  /** 404 "Market not found" for an unknown market. */
  async openInterest(perpAddress: string, query: MarketHistoryQuery): Promise<Page<OpenInterestPointDto>> {
    const page = await this.repository.openInterestPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(openInterestPointView), page.total, query);
  }
}
