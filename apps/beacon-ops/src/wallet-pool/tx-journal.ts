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
  /** A message the service's signer signed for this transaction (an ECDSA measurement). */
  signed?: SignedMessage | null;
}

/** What the signer signed: the contract that verifies it and the EIP-712 digest. */
export interface SignedMessage {
  verifier: string;
  digest: string;
}

/** The wallet's accounted funds do not cover the transaction above the floor (WalletFunds): nothing was written. */
export class FundsShortError extends Error {
  constructor(address: string) {
    super(`Wallet ${address} cannot pay the transaction above the balance floor`);
    this.name = 'FundsShortError';
  }
}

/** A unique index refused the row: another live row holds this wallet nonce or idempotency key. */
export class JournalConflictError extends Error {
  constructor(
    readonly on: 'nonce' | 'idempotency_key' | 'tx_hash',
    cause: unknown,
  ) {
    super(`Journal conflict on ${on}`, { cause });
    this.name = 'JournalConflictError';
  }
}

const CONSTRAINTS: Record<string, JournalConflictError['on']> = {
  tx_journal_live_wallet_nonce: 'nonce',
  tx_journal_live_idempotency_key: 'idempotency_key',
  tx_journal_tx_hash: 'tx_hash',
};

/** pg's error, raw (prepared statements) or wrapped by TypeORM (`driverError`). */
function conflictOf(error: unknown): JournalConflictError | undefined {
  const bag = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const driver = bag.driverError ?? bag;
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

/** Parameters: the receipt as in MINED_SET ($1-$9), the wallet and its lease token ($10, $11). */
const MINED_RELEASE_SQL = `WITH mined AS (UPDATE tx_journal SET ${MINED_SET}, updated_at = now() WHERE id = $1 AND status = 'pending' RETURNING id),
     released AS (${releaseSql('$10', '$11', 'true')} RETURNING address)
SELECT (SELECT count(*) FROM mined) AS mined, (SELECT count(*) FROM released) AS released`;

/** MINED_RELEASE_SQL plus the release of the send's beacon locks ($12 beacons, $13 lock token). */
const MINED_RELEASE_UNLOCK_SQL = `WITH mined AS (UPDATE tx_journal SET ${MINED_SET}, updated_at = now() WHERE id = $1 AND status = 'pending' RETURNING id),
     released AS (${releaseSql('$10', '$11', 'true')} RETURNING address),
     unlocked AS (${unlockSql('$12', '$13')} RETURNING beacon_address)
SELECT (SELECT count(*) FROM mined) AS mined, (SELECT count(*) FROM released) AS released`;

/**
 * The fenced wallet update and the journal insert (TxJournal.insertPendingUnderLease). Funds:
 * $13/$14 the refreshed balance and committed amount (null: keep the row's), $15 this
 * transaction's maxCost, $16 the floor. $17/$18 what the signer signed for it (or nulls).
 */
const INSERT_UNDER_LEASE_SQL = `WITH lease AS (
   UPDATE wallets
      SET leased_until = now() + $3 * interval '1 millisecond', updated_at = now(), next_nonce = $9::bigint + 1,
          balance_wei = COALESCE($13::numeric, balance_wei),
          balance_read_at = CASE WHEN $13::numeric IS NULL THEN balance_read_at ELSE now() END,
          committed_wei = COALESCE($14::numeric, committed_wei) + $15::numeric
    WHERE address = $1 AND lease_token = $2 AND leased_until > now()
      AND COALESCE($13::numeric, balance_wei) - COALESCE($14::numeric, committed_wei) - $15::numeric >= $16::numeric
   RETURNING address)
 INSERT INTO tx_journal (request_kind, request, request_fingerprint, idempotency_key, beacon_addresses, wallet, nonce, chain_id, tx_hash, raw_tx, status,
                         signed_verifier, signed_digest)
 SELECT $4, $5::jsonb, $6, $7, $8::varchar[], lease.address, $9, $10, $11, $12, 'pending', $17, $18 FROM lease
 RETURNING id, created_at, updated_at`;

const LEASE_HELD_SQL = `SELECT lease_token = $2 AND leased_until > now() AS held FROM wallets WHERE address = $1`;

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
   * The pending row, the wallet's next_nonce and its accounted funds in ONE statement, fenced
   * by the lease: the wallet update (token unchanged, lease not expired; renewed; the funds
   * cover the transaction, see WalletFunds) and the insert succeed together or not at all, in
   * one round trip. `funds.refreshed`: figures just read from the chain, replacing the row's.
   * LeaseLostError: the lease was lost; FundsShortError: the funds do not cover it (nothing
   * written either way); JournalConflictError: a unique index refused it.
   */
  async insertPendingUnderLease(
    lease: WalletLease,
    leaseTimeoutMs: number,
    entry: NewJournalEntry,
    funds: { maxCost: bigint; floor: bigint; refreshed: { balance: bigint; committed: bigint } | null },
  ): Promise<TxJournalRow> {
    let rows: { id: string; created_at: Date; updated_at: Date }[];
    try {
      ({ rows } = await this.store.prepared<{ id: string; created_at: Date; updated_at: Date }>('journal_insert_under_lease', INSERT_UNDER_LEASE_SQL, [
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
        funds.refreshed?.balance ?? null,
        funds.refreshed?.committed ?? null,
        funds.maxCost,
        funds.floor,
        entry.signed?.verifier.toLowerCase() ?? null,
        entry.signed?.digest ?? null,
      ]));
    } catch (error) {
      throw conflictOf(error) ?? error;
    }
    if (rows.length !== 1) {
      // Rare: tell the two refusals apart (the sender checked the funds before, with the same figures).
      const held = await this.store.prepared<{ held: boolean }>('wallet_lease_held', LEASE_HELD_SQL, [lease.address, lease.token]);
      if (held.rows[0]?.held) throw new FundsShortError(lease.address);
      throw new LeaseLostError(lease.address);
    }
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
      signedVerifier: entry.signed?.verifier.toLowerCase() ?? null,
      signedDigest: entry.signed?.digest ?? null,
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
    if (locks && locks.beacons.length > 0) {
      await this.store.prepared('journal_mined_release_unlock', MINED_RELEASE_UNLOCK_SQL, [...params, locks.beacons, locks.token]);
      locks.released = true;
    } else {
      await this.store.prepared('journal_mined_release', MINED_RELEASE_SQL, params);
    }
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
