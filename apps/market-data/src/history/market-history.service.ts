import { Injectable } from '@nestjs/common';
import { Page, toPage } from '@perp/http';
import { tickerNotFound } from '../common';
import { mergeHistory } from './history-merge';
import { HistoryPointDto } from './history-point.dto';
import { HistoryQuery } from './history-query.dto';
import { HistoryRepository } from './history.repository';

/**
 * A market's history page: resolves the ticker, reads one page of source measurements and
 * the on-chain index at the timestamps that need it, then merges them. Kept out of the
 * controller so that the route only parses input (controller -> service -> repository).
 */
@Injectable()
export class MarketHistoryService {
  constructor(private readonly repository: HistoryRepository) {}

  /** 404 "Ticker not found" for an unknown ticker. */
  async page(ticker: string, query: HistoryQuery): Promise<Page<HistoryPointDto>> {
    const perpAddress = await this.repository.perpAddressOfTicker(ticker);
    if (perpAddress === null) throw tickerNotFound();
    const { rows, total } = await this.repository.measurementsPage(perpAddress, query);
    const chainIndex = await this.repository.chainIndexAt(
      perpAddress,
      rows.filter((row) => row.on_chain).map((row) => row.ts_key),
    );
    return toPage(mergeHistory(rows, chainIndex), total, query);
  }
}
