import { MigrationInterface } from 'typeorm';
import { IndexStoreSchema1767225600000 } from './index-store/1767225600000-index-store-schema';
import { IndexStoreReaderRole1767225600001 } from './index-store/1767225600001-index-store-reader-role';
import { IndexStoreContractState1767225600002 } from './index-store/1767225600002-index-store-contract-state';
import { IndexStoreTakerRatioIndex1767225600003 } from './index-store/1767225600003-index-store-taker-ratio-index';
import { IndexStorePositionsPerMarket1767225600004 } from './index-store/1767225600004-index-store-positions-per-market';
import { IndexStoreChainCursor1767225600005 } from './index-store/1767225600005-index-store-chain-cursor';
import { IndexStoreMarketWriteVersions1767225600006 } from './index-store/1767225600006-index-store-market-write-versions';
import { IndexStoreCandles1767225600007 } from './index-store/1767225600007-index-store-candles';
import { IndexStoreTradesByPosition1767225600008 } from './index-store/1767225600008-index-store-trades-by-position';
import { IndexStoreStreamEvents1767225600009 } from './index-store/1767225600009-index-store-stream-events';
import { IndexStoreMarketHistory1767225600010 } from './index-store/1767225600010-index-store-market-history';
import { IndexStorePositionSettlements1767225600011 } from './index-store/1767225600011-index-store-position-settlements';
import { IndexStoreCandleWriteVersions1767225600012 } from './index-store/1767225600012-index-store-candle-write-versions';
import { SourceStoreSchema1767225600000 } from './source-store/1767225600000-source-store-schema';
import { SourceStoreReaderRole1767225600001 } from './source-store/1767225600001-source-store-reader-role';

export type MigrationClass = new () => MigrationInterface;

/** Migration classes in the order they apply; a new migration is appended to its store's list. */
export const INDEX_STORE_MIGRATIONS: MigrationClass[] = [
  IndexStoreSchema1767225600000,
  IndexStoreReaderRole1767225600001,
  IndexStoreContractState1767225600002,
  IndexStoreTakerRatioIndex1767225600003,
  IndexStorePositionsPerMarket1767225600004,
  IndexStoreChainCursor1767225600005,
  IndexStoreMarketWriteVersions1767225600006,
  IndexStoreCandles1767225600007,
  IndexStoreTradesByPosition1767225600008,
  IndexStoreStreamEvents1767225600009,
  IndexStoreMarketHistory1767225600010,
  IndexStorePositionSettlements1767225600011,
  IndexStoreCandleWriteVersions1767225600012,
];
export const SOURCE_STORE_MIGRATIONS: MigrationClass[] = [SourceStoreSchema1767225600000, SourceStoreReaderRole1767225600001];
