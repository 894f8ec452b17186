import { Injectable } from '@nestjs/common';
import { Page, toPage } from '@perp/http';
import { marketNotFound } from '../common';
import { CandleDto } from './candle.dto';
import { candleView } from './candle-view';
import { CandlesQuery } from './candles-query.dto';
import { CandlesRepository } from './candles.repository';

@Injectable()
export class CandlesService {
  constructor(private readonly repository: CandlesRepository) {}

  /** Newest first; 404 "Market not found" for an unknown market. */
  async candles(perpAddress: string, query: CandlesQuery): Promise<Page<CandleDto>> {
    const page = await this.repository.page(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(
      page.rows.map((row) => candleView(perpAddress, query.resolution, row)),
      page.total,
      query,
    );
  }
}
