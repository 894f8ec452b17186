import { Injectable } from '@nestjs/common';
import { Page, toPage } from '@perp/http';
import { FillDto } from './fill.dto';
import { fillView } from './fill-views';
import { FillsQuery } from './fills-query.dto';
import { FillsRepository } from './fills.repository';

/** GET /trades: a wallet's fills. An unknown holder or market is an empty page, as on /positions. */
@Injectable()
export class FillsService {
  constructor(private readonly repository: FillsRepository) {}

  async list(query: FillsQuery): Promise<Page<FillDto>> {
    const { rows, total } = await this.repository.fillsPage(query);
    return toPage(rows.map(fillView), total, query);
  }
}
