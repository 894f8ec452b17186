import { Injectable } from '@nestjs/common';
import { TransactionReceipt } from 'ethers';
import { EntityManager } from 'typeorm';
import { JournalLog, TxJournalRow } from '../journal/tx-journal.entity';
import { JournalStore } from '../stores/journal-store.module';

export interface NewJournalEntry {
  kind: string;
  request: unknown;
  fingerprint: string;
  idempotencyKey: string | null;
  beacons: string[];
  wallet: string;
  nonce: number;
  chainId: number;
  hash: string;
  rawTx: string;
}

/** A unique index refused the row: another live row holds this wallet nonce or idempotency key. */
export class JournalConflictError extends Error {
  constructor(readonly on: 'nonce' | 'idempotency_key' | 'tx_hash', cause: unknown) {
    super(`Journal conflict on ${on}`, { cause });
    this.name = 'JournalConflictError';
  }
}

const CONSTRAINTS: Record<string, JournalConflictError['on']> = {
  tx_journal_live_wallet_nonce: 'nonce',
  tx_journal_live_idempotency_key: 'idempotency_key',
  tx_journal_tx_hash: 'tx_hash',
};

function conflictOf(error: unknown): JournalConflictError | undefined {
  const driver = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
  const on = driver?.code === '23505' && driver.constraint ? CONSTRAINTS[driver.constraint] : undefined;
  return on ? new JournalConflictError(on, error) : undefined;
}

export function journalLogs(receipt: TransactionReceipt): JournalLog[] {
  return receipt.logs.map((log) => ({ address: log.address.toLowerCase(), topics: [...log.topics], data: log.data, index: log.index }));
}

/**
 * The transaction journal. Every state change is guarded by `status = 'pending'`: the
 * sender and any replica's reconciler may race to record the same outcome, and the first
 * write wins without the second undoing it.
 */
@Injectable()
export class TxJournal {
  constructor(private readonly store: JournalStore) {}

  /** Inserts a pending row inside the caller's (fenced) transaction. */
  async insertPending(manager: EntityManager, entry: NewJournalEntry): Promise<TxJournalRow> {
    try {
      const inserted = await manager.getRepository(TxJournalRow).save(
        manager.getRepository(TxJournalRow).create({
          requestKind: entry.kind,
          request: entry.request,
          requestFingerprint: entry.fingerprint,
          idempotencyKey: entry.idempotencyKey,
          beaconAddresses: entry.beacons,
          wallet: entry.wallet,
          nonce: entry.nonce,
          chainId: entry.chainId,
          txHash: entry.hash,
          rawTx: entry.rawTx,
          status: 'pending',
        }),
      );
      return inserted;
    } catch (error) {
      throw conflictOf(error) ?? error;
    }
  }

  byId(id: number): Promise<TxJournalRow | null> {
    return this.store.run((source) => source.getRepository(TxJournalRow).findOneBy({ id }));
  }

  byHash(hash: string): Promise<TxJournalRow | null> {
    return this.store.run((source) => source.getRepository(TxJournalRow).findOneBy({ txHash: hash.toLowerCase() }));
  }

  /** The row that holds `key`: pending or mined (a row that never made it on chain gives the key back). */
  liveByKey(key: string): Promise<TxJournalRow | null> {
    return this.store.run((source) =>
      source
        .getRepository(TxJournalRow)
        .createQueryBuilder('j')
        .where('j.idempotency_key = :key', { key })
        .andWhere("(j.status = 'pending' OR j.block_number IS NOT NULL)")
        .getOne(),
    );
  }

  /** Pending rows, oldest nonce first; of one wallet from `fromNonce` when given. */
  pending(filter: { wallet?: string; fromNonce?: number } = {}): Promise<TxJournalRow[]> {
    return this.store.run((source) => {
      const query = source.getRepository(TxJournalRow).createQueryBuilder('j').where("j.status = 'pending'");
      if (filter.wallet) query.andWhere('j.wallet = :wallet', { wallet: filter.wallet });
      if (filter.fromNonce !== undefined) query.andWhere('j.nonce >= :from', { from: filter.fromNonce });
      return query.orderBy('j.wallet').addOrderBy('j.nonce').getMany();
    });
  }

  /** The wallet's mined row with the highest nonce. */
  lastMined(wallet: string): Promise<TxJournalRow | null> {
    return this.store.run((source) =>
      source
        .getRepository(TxJournalRow)
        .createQueryBuilder('j')
        .where('j.wallet = :wallet', { wallet })
        .andWhere('j.block_number IS NOT NULL')
        .orderBy('j.nonce', 'DESC')
        .limit(1)
        .getOne(),
    );
  }

  async markBroadcast(id: number): Promise<void> {
    await this.update(id, `broadcast_count = broadcast_count + 1, last_broadcast_at = now()`, []);
  }

  /** Mined: confirmed (status 1) or failed (reverted), with the receipt's fields. */
  async markMined(id: number, receipt: TransactionReceipt): Promise<boolean> {
    return this.update(
      id,
      `status = $2, block_number = $3, block_hash = $4, gas_used = $5, effective_gas_price = $6, receipt_status = $7::smallint, logs = $8,
       error = CASE WHEN $7::smallint = 1 THEN NULL ELSE 'reverted on chain' END`,
      [
        receipt.status === 1 ? 'confirmed' : 'failed',
        receipt.blockNumber,
        receipt.blockHash,
        receipt.gasUsed.toString(),
        receipt.gasPrice.toString(),
        receipt.status,
        JSON.stringify(journalLogs(receipt)),
      ],
    );
  }

  /** Never mined: its nonce went to another transaction. */
  markReplaced(id: number, reason: string): Promise<boolean> {
    return this.update(id, `status = 'replaced', error = $2`, [reason]);
  }

  /** Never mined: the node refused it. Its nonce is free again. */
  markRefused(id: number, reason: string): Promise<boolean> {
    return this.update(id, `status = 'failed', error = $2`, [reason]);
  }

  private async update(id: number, set: string, params: unknown[]): Promise<boolean> {
    const [, count] = (await this.store.run((source) =>
      source.query(`UPDATE tx_journal SET ${set}, updated_at = now() WHERE id = $1 AND status = 'pending'`, [id, ...params]),
    )) as [unknown, number];
    return count === 1;
  }
}
