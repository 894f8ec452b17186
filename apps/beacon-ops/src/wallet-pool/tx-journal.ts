import { Injectable } from '@nestjs/common';
import { TransactionReceipt } from 'ethers';
import { JournalLog, TxJournalRow } from '../journal/tx-journal.entity';
import { JournalStore } from '../stores/journal-store.module';
import { HeldLocks, unlockSql } from './beacon-locks';
import { LeaseLostError, releaseSql, WalletLease } from './wallet-leases';

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

/** The receipt's fields; parameters $2-$9 (id is $1). */
const MINED_SET = `status = $2, block_number = $3, block_hash = $4, gas_used = $5, effective_gas_price = $6, receipt_status = $7::smallint, logs = $8,
   error = CASE WHEN $7::smallint = 1 THEN NULL ELSE 'reverted on chain' END,
   broadcast_count = broadcast_count + $9::integer,
   last_broadcast_at = CASE WHEN $9::integer > 0 THEN now() ELSE last_broadcast_at END`;

function minedParams(receipt: TransactionReceipt, broadcasts: number): unknown[] {
  return [
    receipt.status === 1 ? 'confirmed' : 'failed',
    receipt.blockNumber,
    receipt.blockHash,
    receipt.gasUsed.toString(),
    receipt.gasPrice.toString(),
    receipt.status,
    JSON.stringify(journalLogs(receipt)),
    broadcasts,
  ];
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

  /**
   * The pending row and the wallet's next_nonce in ONE statement, fenced by the lease: the
   * wallet update (token unchanged, lease not expired; renewed) and the insert succeed
   * together or not at all, as the fenced transaction does, in one round trip instead of five.
   * LeaseLostError: the lease was lost, nothing written; JournalConflictError: a unique index refused it.
   */
  async insertPendingUnderLease(lease: WalletLease, leaseTimeoutMs: number, entry: NewJournalEntry): Promise<TxJournalRow> {
    let rows: { id: string; created_at: Date; updated_at: Date }[];
    try {
      rows = (await this.store.run((source) =>
        source.query(
          `WITH lease AS (
             UPDATE wallets SET leased_until = now() + $3 * interval '1 millisecond', updated_at = now(), next_nonce = $9::bigint + 1
              WHERE address = $1 AND lease_token = $2 AND leased_until > now()
             RETURNING address)
           INSERT INTO tx_journal (request_kind, request, request_fingerprint, idempotency_key, beacon_addresses, wallet, nonce, chain_id, tx_hash, raw_tx, status)
           SELECT $4, $5::jsonb, $6, $7, $8::varchar[], lease.address, $9, $10, $11, $12, 'pending' FROM lease
           RETURNING id, created_at, updated_at`,
          [
            lease.address,
            lease.token,
            leaseTimeoutMs,
            entry.kind,
            JSON.stringify(entry.request),
            entry.fingerprint,
            entry.idempotencyKey,
            entry.beacons,
            entry.nonce,
            entry.chainId,
            entry.hash,
            entry.rawTx,
          ],
        ),
      )) as { id: string; created_at: Date; updated_at: Date }[];
    } catch (error) {
      throw conflictOf(error) ?? error;
    }
    if (rows.length !== 1) throw new LeaseLostError(lease.address);
    return Object.assign(new TxJournalRow(), {
      id: Number(rows[0].id),
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
      broadcastCount: 0,
      lastBroadcastAt: null,
      blockNumber: null,
      blockHash: null,
      gasUsed: null,
      effectiveGasPrice: null,
      receiptStatus: null,
      logs: null,
      error: null,
      createdAt: rows[0].created_at,
      updatedAt: rows[0].updated_at,
    } satisfies Partial<TxJournalRow>);
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

  /**
   * Mined: confirmed (status 1) or failed (reverted), with the receipt's fields. `broadcasts`:
   * the sender's own broadcast, recorded here rather than in a write of its own.
   */
  async markMined(id: number, receipt: TransactionReceipt, broadcasts = 0): Promise<boolean> {
    return this.update(id, MINED_SET, minedParams(receipt, broadcasts));
  }

  /**
   * markMined, the wallet's release (used) and the release of the beacon locks the send took,
   * in one statement: the sender's last writes in one round trip. The caller wakes its local
   * waiters (WalletLeases.notifyRelease); the locks are marked released.
   */
  async markMinedAndRelease(id: number, receipt: TransactionReceipt, broadcasts: number, lease: WalletLease, locks: HeldLocks | null): Promise<void> {
    const params = [id, ...minedParams(receipt, broadcasts), lease.address, lease.token];
    const release = releaseSql(`$${params.length - 1}`, `$${params.length}`, 'true');
    const unlock = locks && locks.beacons.length > 0 ? `, unlocked AS (${unlockSql(`$${params.length + 1}`, `$${params.length + 2}`)} RETURNING beacon_address)` : '';
    if (unlock && locks) params.push(locks.beacons, locks.token);
    await this.store.run((source) =>
      source.query(
        `WITH mined AS (UPDATE tx_journal SET ${MINED_SET}, updated_at = now() WHERE id = $1 AND status = 'pending' RETURNING id),
              released AS (${release} RETURNING address)${unlock}
         SELECT (SELECT count(*) FROM mined) AS mined, (SELECT count(*) FROM released) AS released`,
        params,
      ),
    );
    if (locks) locks.released = true;
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
