import { Injectable } from '@nestjs/common';
import { Stores } from '../stores/stores.module';
import { FillRow, FillsPageParams, fillsCountSql, fillsPageSql } from './fills-sql';

/** Reads of a wallet's fills, through `stores.index.run` (a store that is down becomes 503 "Index store unavailable"). */
@Injectable()
export class FillsRepository {
  constructor(private readonly stores: Stores) {}

  fillsPage(page: FillsPageParams): Promise<{ rows: FillRow[]; total: number }> {
    const rows = fillsPageSql(page);
    const count = fillsCountSql(page);
    return this.stores.index.run(async (source) => {
      const [found, [{ total }]] = await Promise.all([
        source.query(rows.sql, rows.params) as Promise<FillRow[]>,
        source.query(count.sql, count.params) as Promise<Array<{ total: string }>>,
      ]);
      return { rows: found, total: Number(total) };
    });
  }
}
