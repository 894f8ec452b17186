import { Logger } from '@nestjs/common';
import { PostgresServer, startTestPostgres } from '@perp/local-infra';
import { devServiceEnv } from '@perp/service';
import { StoreUnavailableError } from '@perp/store';
import { DataSource } from 'typeorm';
import { loadBeaconOpsSettings } from '../settings';
import { JournalStore } from './journal-store';

/** The journal schema comes from migrations, applied once even when replicas start together. */
describe('journal schema', () => {
  let pg: PostgresServer;
  let stores: JournalStore[] = [];
  let db: DataSource;

  beforeAll(async () => {
    pg = await startTestPostgres(['beacon_ops']);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await pg?.stop();
  });

  it('is migrated on first connection; three replicas starting at once apply it exactly once', async () => {
    const settings = loadBeaconOpsSettings(devServiceEnv({ BEACON_OPS_DATABASE_URL: pg.url('beacon_ops') }));
    stores = [new JournalStore(settings), new JournalStore(settings), new JournalStore(settings)];
    const sources = await Promise.all(stores.map((s) => s.dataSource()));
    db = sources[0];
    const applied = (await db.query(`SELECT name FROM schema_migrations`)) as { name: string }[];
    expect(applied.map((m) => m.name)).toEqual([
      'WalletPoolJournal1767312000000',
      'WalletFunds1767398400000',
      'SignedDigestsAndTokenUsage1767484800000',
      'PipelinedPool1767657600000',
      'OneIdempotencyLayer1767744000000',
      'PublishGating1767830400000',
    ]);
    const tables = (await db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)) as { tablename: string }[];
    expect(tables.map((t) => t.tablename)).toEqual([
      'beacon_gating',
      'beacon_locks',
      'idempotency_keys',
      'schema_migrations',
      'token_usage',
      'tx_journal',
      'wallets',
    ]);
  });

  it('has the columns the entities declare, with their nullability (no migration missing)', async () => {
    // Indexes and checks live in the hand-written migrations only, so this compares columns, not a full schema diff.
    for (const entity of db.entityMetadatas) {
      const live = (await db.query(`SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = $1 ORDER BY column_name`, [
        entity.tableName,
      ])) as { column_name: string; is_nullable: 'YES' | 'NO' }[];
      const declared = entity.columns.map((c) => ({ column_name: c.databaseName, is_nullable: c.isNullable ? 'YES' : 'NO' }));
      expect(live).toEqual(declared.sort((a, b) => a.column_name.localeCompare(b.column_name)));
    }
  });

  it('holds one pending row per wallet nonce and one live row per idempotency key', async () => {
    const insert = (hash: string, status: string, nonce: number, key: string | null, block: number | null = null) =>
      db.query(
        `INSERT INTO tx_journal (request_kind, request, idempotency_key, wallet, nonce, chain_id, tx_hash, raw_tx, status, block_number)
         VALUES ('t', '{}', $1, '0x0000000000000000000000000000000000000001', $2, 1, $3, '0x', $4, $5)`,
        [key, nonce, hash, status, block],
      );
    await insert('0x01', 'pending', 0, 'k');
    await expect(insert('0x02', 'pending', 0, null)).rejects.toThrow(/tx_journal_live_wallet_nonce/);
    await expect(insert('0x03', 'pending', 1, 'k')).rejects.toThrow(/tx_journal_live_idempotency_key/);
    // A row that never made it on chain gives both back.
    await db.query(`UPDATE tx_journal SET status = 'replaced' WHERE tx_hash = '0x01'`);
    await insert('0x04', 'pending', 0, 'k');
    await expect(insert('0x04', 'replaced', 5, null)).rejects.toThrow(/tx_journal_tx_hash/);
    await expect(insert('0x05', 'confirmed', 6, null)).rejects.toThrow(/check constraint/);
  });

  it('reports the store unavailable (503) while the database is down, without hanging', async () => {
    Logger.overrideLogger(false); // its "cannot connect" warning is expected here
    const store = new JournalStore(loadBeaconOpsSettings(devServiceEnv({ BEACON_OPS_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/beacon_ops' })));
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    Logger.overrideLogger(['log', 'warn', 'error']);
  });
});
