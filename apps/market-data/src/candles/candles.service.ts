import { Injectable } from '@nestjs/common';
import { Page } from '@perp/http';
import { JsonText, lowerAddress, marketNotFound } from '../common';
import { CandleDto } from './candle.dto';
import { CandleTexts } from './candle-texts';
import { CandlesQuery } from './candles-query.dto';
import { CandlesRepository } from './candles.repository';

@Injectable()
export class CandlesService {
  /** One per process: a candle's text is rendered once for every request that reads it unchanged. */
  private readonly texts = new CandleTexts();

  constructor(private readonly repository: CandlesRepository) {}

  /** Newest first, as JSON text; 404 "Market not found" for an unknown market. */
  async candles(perpAddress: string, query: CandlesQuery): Promise<JsonText<Page<CandleDto>>> {
    const page = await this.repository.page(perpAddress, query);
    if (!page) throw marketNotFound();
    return this.texts.page(lowerAddress(perpAddress), query.resolution, page.rows, page.total, query);
  }
}
