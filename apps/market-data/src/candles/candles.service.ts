import { Injectable } from '@nestjs/common';
import { Page } from '@perp/http';
import { JsonText, KeptAnswer, lowerAddress, marketNotFound } from '../common';
import { CandleDto } from './candle.dto';
import { CandleTexts } from './candle-texts';
import { CandlesQuery } from './candles-query.dto';
import { CandlesRepository } from './candles.repository';
import { KeptCandlePages } from './kept-candle-pages';

@Injectable()
export class CandlesService {
  /** One per process: a candle's text is rendered once for every request that reads it unchanged. */
  private readonly texts = new CandleTexts();
  /** One per process: a page read again only when the market's candles or open interest were written since. */
  private readonly kept = new KeptCandlePages();

  constructor(private readonly repository: CandlesRepository) {}

  /** Newest first, as JSON text; 404 "Market not found" for an unknown market. */
  async candles(perpAddress: string, query: CandlesQuery): Promise<JsonText<Page<CandleDto>> | KeptAnswer<Page<CandleDto>>> {
    const market = lowerAddress(perpAddress);
    const versions = await this.repository.versions(market);
    const key = `${market}/${query.resolution}/${query.start_time?.getTime() ?? ''}/${query.end_time?.getTime() ?? ''}/${query.limit}/${query.offset}`;
    const kept = versions === null ? undefined : this.kept.get(key, versions);
    if (kept !== undefined) return kept;
    const page = await this.repository.page(market, query);
    if (!page) throw marketNotFound();
    const text = this.texts.page(market, query.resolution, page.rows, page.total, query);
    return versions === null ? text : this.kept.keep(key, versions, text);
  }
}
