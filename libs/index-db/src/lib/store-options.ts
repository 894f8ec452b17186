import { DataSourceOptions } from 'typeorm';
import { INDEX_STORE_MIGRATIONS, SOURCE_STORE_MIGRATIONS } from '../migrations';
import { Market } from './index-store/market.entity';
import { Position } from './index-store/position.entity';
import { Snapshot } from './index-store/snapshot.entity';
import { Trade } from './index-store/trade.entity';
import { PositionSettlement } from './index-store/position-settlement.entity';
import { Tick } from './index-store/tick.entity';
import { BeaconIndexUpdate } from './index-store/beacon-index-update.entity';
import { ChainCursor } from './index-store/chain-cursor.entity';
import { ChainCursorBlock } from './index-store/chain-cursor-block.entity';
import { MarketBoundary } from './source-store/market-boundary.entity';
import { Measurement } from './source-store/measurement.entity';

export const INDEX_STORE_ENTITIES = [Market, Snapshot, Position, Trade, PositionSettlement, Tick, ChainCursor, ChainCursorBlock, BeaconIndexUpdate];
export const SOURCE_STORE_ENTITIES = [Measurement, MarketBoundary];

/** Both stores record applied migrations under this name, each in its own database. */
export const MIGRATIONS_TABLE_NAME = 'schema_migrations';

export type StoreName = 'index' | 'source';

type ExtraOptions = Partial<Pick<DataSourceOptions, 'logging'>> & { extra?: Record<string, unknown>; name?: string };

/**
 * Options of a store's DataSource. Never `synchronize`: the schema changes only through
 * migrations (classes, not globs, so bundled apps carry them too).
 */
export function storeDataSourceOptions(store: StoreName, url: string, extra: ExtraOptions = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: store === 'index' ? INDEX_STORE_ENTITIES : SOURCE_STORE_ENTITIES,
    migrations: store === 'index' ? INDEX_STORE_MIGRATIONS : SOURCE_STORE_MIGRATIONS,
    migrationsTableName: MIGRATIONS_TABLE_NAME,
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    ...extra,
  };
}

export function indexStoreDataSourceOptions(url: string, extra: ExtraOptions = {}): DataSourceOptions {
  return storeDataSourceOptions('index', url, extra);
}

export function sourceStoreDataSourceOptions(url: string, extra: ExtraOptions = {}): DataSourceOptions {
  return storeDataSourceOptions('source', url, extra);
}
