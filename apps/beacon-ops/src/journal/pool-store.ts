import { Inject, Injectable } from '@nestjs/common';
import type { TransactionReceipt } from 'ethers';
import { IdempotencyKeyRow } from './idempotency-key.entity';
import { JournalLog, TxJournalRow } from './tx-journal.entity';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { JournalStore } from './journal-store';

/** A transaction signed for a wallet nonce, to be journaled before any node sees it. */
export interface NewJournalEntry {
  kind: string;
  request: unknown;
  /** The key of the Idempotency-Key claim this transaction answers (idempotency_keys): a retry finds the row by it. */
  idempotencyKey: string | null;
  beacons: string[];
  wallet: string;
  nonce: number;
  chainId: number;
  hash: string;
  rawTx: string;
  maxCost: bigint;
  signedVerifier: string | null;
  signedDigest: string | null;
}

/** What the funds check of a journal insert compares: the wallet's balance as read from the chain, when. */
export interface FundsCheck {
  balance: bigint;
  readAt: Date;
  floor: bigint;
  maxInFlight: number;
}

export type JournalInsert =
  | { kind: 'journaled'; row: TxJournalRow }
  /** next_nonce was not the nonce signed for (another sender took it): the stored one. */
  | { kind: 'nonce-moved'; nextNonce: number | null }
  /** MAX_IN_FLIGHT_PER_WALLET transactions of the wallet are pending. */
  | { kind: 'full' }
  /** The balance, less every pending transaction's maximum cost, would not cover it above the floor. */
  | { kind: 'short' };

/** A unique index refused a row: another live row holds this wallet nonce, idempotency key or hash. */
export class JournalConflictError extends Error {
  constructor(
    readonly on: 'nonce' | 'idempotency_key' | 'tx_hash',
    cause: unknown,
  ) {
    super(`Journal conflict on ${on}`, { cause });
    this.name = 'JournalConflictError';
  }
}

const CONFLICTS: Record<string, JournalConflictError['on']> = {
  tx_journal_live_wallet_nonce: 'nonce',
  tx_journal_live_idempotency_key: 'idempotency_key',
  tx_journal_tx_hash: 'tx_hash',
};

/** lock_timeout expired: another holder kept the row locked (or the database stalled). */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * The journal insert: a compare-and-set of the wallet's next_nonce ($8 is the nonce signed for)
 * with the pipeline bound ($14) and the funds check ($12 balance read at $13, $15 floor: every
 * pending row at its maximum cost, and rows mined since the read, whose cost the balance may not
 * show yet), then the row; one statement, so a nonce is only ever used by a journaled transaction.
 */
const JOURNAL_SQL = `WITH spent AS (
   SELECT count(*) FILTER (WHERE status = 'pending') AS in_flight, COALESCE(sum(max_cost), 0) AS cost FROM tx_journal
    WHERE wallet = $1 AND (status = 'pending' OR (block_number IS NOT NULL AND updated_at > $13::timestamptz - interval '2 seconds'))),
 taken AS (
   UPDATE wallets SET next_nonce = $8::bigint + 1, last_used_at = now(), updated_at = now()
    WHERE address = $1 AND next_nonce = $8::bigint
      AND (SELECT in_flight FROM spent) < $14::int
      AND $12::numeric - (SELECT cost FROM spent) - $11::numeric >= $15::numeric
   RETURNING address)
 INSERT INTO tx_journal (request_kind, request, idempotency_key, beacon_addresses, wallet, nonce, chain_id, tx_hash, raw_tx, status,
                         max_cost, signed_verifier, signed_digest)
 SELECT $2, $3::jsonb, $4, $5::varchar[], taken.address, $8, $6, $7, $9, 'pending', $11, $10, $16 FROM taken
 RETURNING id, created_at, updated_at`;

/** Why a journal insert took nothing ($1 wallet, $2 the nonce signed for, $3 balance read at). */
const JOURNAL_REFUSAL_SQL = `SELECT w.next_nonce,
        (SELECT count(*)::int FROM tx_journal WHERE wallet = $1 AND status = 'pending') AS in_flight
   FROM wallets w WHERE w.address = $1`;

/** The receipt's fields; parameters $2-$10 (id is $1). */
const MINED_SET = `status = $2, block_number = $3, block_hash = $4, gas_used = $5, effective_gas_price = $6, receipt_status = $7::smallint, logs = $8,
   error = CASE WHEN $7::smallint = 1 THEN NULL ELSE 'reverted on chain' END,
   previous_hashes = CASE WHEN tx_hash = $9 THEN previous_hashes ELSE array_append(array_remove(previous_hashes, $9::varchar), tx_hash) END,
   tx_hash = $9,
   broadcast_count = broadcast_count + $10::integer,
   last_broadcast_at = CASE WHEN $10::integer > 0 THEN now() ELSE last_broadcast_at END`;

const MINED_SQL = `UPDATE tx_journal SET ${MINED_SET}, updated_at = now() WHERE id = $1 AND status = 'pending'`;

/** MINED_SQL plus the release of the send's beacon locks ($11 beacons, $12 lock token): the sender's last write. */
const MINED_UNLOCK_SQL = `WITH mined AS (UPDATE tx_journal SET ${MINED_SET}, updated_at = now() WHERE id = $1 AND status = 'pending' RETURNING id),
     unlocked AS (DELETE FROM beacon_locks WHERE beacon_address = ANY($11::varchar[]) AND token = $12 RETURNING beacon_address)
SELECT (SELECT count(*) FROM mined)::int AS mined`;

/** A beacon's lock ($1) for a token ($2) and holder ($4), $3 ms, unless another holder's lock is still live (renewed). */
const LOCK_SQL = `INSERT INTO beacon_locks (beacon_address, token, locked_until, locked_by)
VALUES ($1, $2, now() + $3 * interval '1 millisecond', $4)
ON CONFLICT (beacon_address) DO UPDATE
   SET token = EXCLUDED.token, locked_until = EXCLUDED.locked_until, locked_by = EXCLUDED.locked_by
 WHERE beacon_locks.locked_until <= now()
RETURNING token`;

/** The heartbeat: every live lock token ($1) and claim owner ($2) of this process lives $3 ms more. */
const RENEW_SQL = `WITH locks AS (UPDATE beacon_locks SET locked_until = now() + $3 * interval '1 millisecond' WHERE token = ANY($1::uuid[]) RETURNING 1),
     claims AS (UPDATE idempotency_keys SET locked_until = now() + $3 * interval '1 millisecond' WHERE owner = ANY($2::uuid[]) AND status = 'in_progress' RETURNING 1)
SELECT (SELECT count(*) FROM locks)::int AS locks, (SELECT count(*) FROM claims)::int AS claims`;

const PENDING_COLUMNS = `id, wallet, nonce, tx_hash, raw_tx, previous_hashes, idempotency_key, status, block_number, max_cost, created_at`;

/** Every column of a journal row (TxJournalRow). */
const ROW_COLUMNS = `id, request_kind, request, request_fingerprint, idempotency_key, beacon_addresses, wallet, nonce, chain_id, tx_hash, raw_tx,
  signed_verifier, signed_digest, status, max_cost, previous_hashes, broadcast_count, last_broadcast_at, block_number, block_hash, gas_used,
  effective_gas_price, receipt_status, logs, error, created_at, updated_at`;

/** A pending row's state change, `$2` its reason where it has one; only while still pending (see PoolStore). */
const BROADCAST_SQL = `UPDATE tx_journal SET broadcast_count = broadcast_count + 1, last_broadcast_at = now(), updated_at = now() WHERE id = $1 AND status = 'pending'`;
const REPLACED_SQL = `UPDATE tx_journal SET status = 'replaced', error = $2, updated_at = now() WHERE id = $1 AND status = 'pending'`;
/** REPLACED_SQL only while the row still holds the hash $3 whose receipt was looked for. */
const REPLACED_IF_HASH_SQL = `UPDATE tx_journal SET status = 'replaced', error = $2, updated_at = now() WHERE id = $1 AND status = 'pending' AND tx_hash = $3`;
const REFUSED_SQL = `UPDATE tx_journal SET status = 'failed', error = $2, updated_at = now() WHERE id = $1 AND status = 'pending'`;

export function journalLogs(receipt: TransactionReceipt): JournalLog[] {
  return receipt.logs.map((log) => ({ address: log.address.toLowerCase(), topics: [...log.topics], data: log.data, index: log.index }));
}

/** pg's error, raw (prepared statements) or wrapped by TypeORM (`driverError`). */
function driverError(error: unknown): { code?: string; constraint?: string } {
  const bag = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  return bag.driverError ?? bag ?? {};
}

function conflictOf(error: unknown): JournalConflictError | undefined {
  const driver = driverError(error);
  const on = driver.code === '23505' && driver.constraint ? CONFLICTS[driver.constraint] : undefined;
  return on ? new JournalConflictError(on, error) : undefined;
}

/**
 * Every SQL statement on the pool's tables: wallets (nonces), the transaction journal, beacon
 * locks and idempotency claims. Statements that take row locks run with `lock_timeout`
 * (LOCK_TIMEOUT_MS): none waits long behind a stalled holder; and a lock row a statement takes
 * after its requester gave up (it sat queued in a stalled database) lapses without a heartbeat
 * (LockHeartbeat). Every journal state change is
 * guarded by `status = 'pending'`: the sender and any replica's reconciler may race to record
 * the same outcome, and the first write wins without the second undoing it.
 */
@Injectable()
export class PoolStore {
  constructor(
    private readonly store: JournalStore,
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
  ) {}

  // --- wallets ---

  async registerWallets(addresses: string[]): Promise<void> {
    await this.locking('wallets_register', `INSERT INTO wallets (address) SELECT unnest($1::varchar[]) ON CONFLICT (address) DO NOTHING`, [addresses]);
  }

  async nextNonce(wallet: string): Promise<number | null> {
    const { rows } = await this.store.prepared<{ next_nonce: string | null }>('wallet_next_nonce', `SELECT next_nonce FROM wallets WHERE address = $1`, [
      wallet,
    ]);
    return rows[0]?.next_nonce == null ? null : Number(rows[0].next_nonce);
  }

  /** Compare-and-set of a wallet's next nonce (a resync); false when another sender moved it first. */
  async setNextNonce(wallet: string, expected: number | null, nonce: number): Promise<boolean> {
    const { rowCount } = await this.locking(
      'wallet_set_next_nonce',
      `UPDATE wallets SET next_nonce = $3, nonce_synced_at = now(), updated_at = now() WHERE address = $1 AND next_nonce IS NOT DISTINCT FROM $2::bigint`,
      [wallet, expected, nonce],
    );
    return rowCount === 1;
  }

  // --- journal ---

  /** The row and the wallet's nonce in one statement (JOURNAL_SQL); nothing is written unless it returns `journaled`. */
  async journal(entry: NewJournalEntry, funds: FundsCheck): Promise<JournalInsert> {
    let inserted: { rows: { id: string; created_at: Date; updated_at: Date }[] };
    try {
      inserted = await this.locking('journal_insert', JOURNAL_SQL, [
        entry.wallet,
        entry.kind,
        JSON.stringify(entry.request),
        entry.idempotencyKey,
        entry.beacons,
        entry.chainId,
        entry.hash,
        entry.nonce,
        entry.rawTx,
        entry.signedVerifier,
        entry.maxCost,
        funds.balance,
        funds.readAt,
        funds.maxInFlight,
        funds.floor,
        entry.signedDigest,
      ]);
    } catch (error) {
      if (driverError(error).code === LOCK_NOT_AVAILABLE) return { kind: 'nonce-moved', nextNonce: await this.nextNonce(entry.wallet) };
      throw conflictOf(error) ?? error;
    }
    const created = inserted.rows[0];
    if (created) return { kind: 'journaled', row: journaledRow(entry, Number(created.id), created.created_at, created.updated_at) };
    const { rows } = await this.store.prepared<{ next_nonce: string | null; in_flight: number }>('journal_refusal', JOURNAL_REFUSAL_SQL, [entry.wallet]);
    const nextNonce = rows[0]?.next_nonce == null ? null : Number(rows[0].next_nonce);
    if (nextNonce !== entry.nonce) return { kind: 'nonce-moved', nextNonce };
    if ((rows[0]?.in_flight ?? 0) >= funds.maxInFlight) return { kind: 'full' };
    return { kind: 'short' };
  }

  /**
   * A row for a nonce below next_nonce that no live row holds (a gap a refused transaction
   * left while later nonces were in flight): the unique index makes a second filler fail.
   */
  async journalGapFiller(entry: NewJournalEntry): Promise<TxJournalRow> {
    try {
      const { rows } = await this.locking<{ id: string; created_at: Date; updated_at: Date }>(
        'journal_gap_filler',
        `INSERT INTO tx_journal (request_kind, request, beacon_addresses, wallet, nonce, chain_id, tx_hash, raw_tx, status, max_cost)
         VALUES ($1, $2::jsonb, '{}', $3, $4, $5, $6, $7, 'pending', $8) RETURNING id, created_at, updated_at`,
        [entry.kind, JSON.stringify(entry.request), entry.wallet, entry.nonce, entry.chainId, entry.hash, entry.rawTx, entry.maxCost],
      );
      return journaledRow(entry, Number(rows[0].id), rows[0].created_at, rows[0].updated_at);
    } catch (error) {
      throw conflictOf(error) ?? error;
    }
  }

  /** A fee-bumped re-send of a pending row's nonce: the row takes the new bytes and keeps the old hash. */
  async replaceTransaction(id: number, oldHash: string, replacement: { hash: string; rawTx: string; maxCost: bigint }): Promise<boolean> {
    const { rowCount } = await this.store.prepared(
      'journal_replace_tx',
      `UPDATE tx_journal SET previous_hashes = array_append(previous_hashes, tx_hash), tx_hash = $3, raw_tx = $4, max_cost = GREATEST(max_cost, $5::numeric),
              broadcast_count = broadcast_count + 1, last_broadcast_at = now(), updated_at = now()
        WHERE id = $1 AND tx_hash = $2 AND status = 'pending'`,
      [id, oldHash, replacement.hash, replacement.rawTx, replacement.maxCost],
    );
    return rowCount === 1;
  }

  async byId(id: number): Promise<TxJournalRow | null> {
    const { rows } = await this.store.prepared<Record<string, unknown>>('journal_by_id', `SELECT ${ROW_COLUMNS} FROM tx_journal WHERE id = $1`, [id]);
    return rows[0] ? journalRow(rows[0]) : null;
  }

  /** The row that holds `key`: pending or mined (a row that never made it on chain gives the key back). */
  async liveByKey(key: string): Promise<TxJournalRow | null> {
    const { rows } = await this.store.prepared<Record<string, unknown>>(
      'journal_live_by_key',
      `SELECT ${ROW_COLUMNS} FROM tx_journal WHERE idempotency_key = $1 AND (status = 'pending' OR block_number IS NOT NULL) LIMIT 1`,
      [key],
    );
    return rows[0] ? journalRow(rows[0]) : null;
  }

  /** Pending rows, oldest nonce first; of one wallet below `belowNonce` when given. */
  async pending(filter: { wallet?: string; belowNonce?: number } = {}): Promise<TxJournalRow[]> {
    const { rows } = await this.store.prepared<Record<string, unknown>>(
      'journal_pending',
      `SELECT ${PENDING_COLUMNS} FROM tx_journal WHERE status = 'pending' AND ($1::varchar IS NULL OR wallet = $1) AND ($2::bigint IS NULL OR nonce < $2)
        ORDER BY wallet, nonce`,
      [filter.wallet ?? null, filter.belowNonce ?? null],
    );
    return rows.map(pendingRow);
  }

  async pendingCount(): Promise<number> {
    const { rows } = await this.store.prepared<{ n: number }>(
      'journal_pending_count',
      `SELECT count(*)::int AS n FROM tx_journal WHERE status = 'pending'`,
      [],
    );
    return rows[0].n;
  }

  async markBroadcast(id: number): Promise<void> {
    await this.store.prepared('journal_broadcast', BROADCAST_SQL, [id]);
  }

  /** Mined under `receipt.hash` (one of the row's hashes): confirmed (status 1) or failed (reverted). `broadcasts`: the sender's own, counted here. */
  async markMined(id: number, receipt: TransactionReceipt, broadcasts = 0): Promise<boolean> {
    const { rowCount } = await this.store.prepared('journal_mined', MINED_SQL, [id, ...minedParams(receipt, broadcasts)]);
    return rowCount === 1;
  }

  /** markMined and the release of the send's beacon locks, in one statement. */
  async markMinedAndUnlock(id: number, receipt: TransactionReceipt, broadcasts: number, locks: { beacons: string[]; token: string }): Promise<void> {
    await this.locking('journal_mined_unlock', MINED_UNLOCK_SQL, [id, ...minedParams(receipt, broadcasts), locks.beacons, locks.token]);
  }

  /** Never mined: its nonce went to another transaction. */
  async markReplaced(id: number, reason: string, seenHash?: string): Promise<boolean> {
    // With seenHash, only if the row still holds the hash whose receipt was looked for: another replica may have
    // re-sent it with a bumped fee (a new hash, mined) since this reconciler read it.
    const { rowCount } =
      seenHash === undefined
        ? await this.store.prepared('journal_replaced', REPLACED_SQL, [id, reason])
        : await this.store.prepared('journal_replaced_if_hash', REPLACED_IF_HASH_SQL, [id, reason, seenHash]);
    return rowCount === 1;
  }

  /** Never mined: the node refused it. */
  async markRefused(id: number, reason: string): Promise<boolean> {
    const { rowCount } = await this.store.prepared('journal_refused', REFUSED_SQL, [id, reason]);
    return rowCount === 1;
  }

  // --- beacon locks ---

  async lockBeacon(beacon: string, token: string, holder: string): Promise<boolean> {
    try {
      return (await this.locking('beacon_lock', LOCK_SQL, [beacon, token, this.settings.lockTtlMs, holder])).rowCount === 1;
    } catch (error) {
      if (driverError(error).code === LOCK_NOT_AVAILABLE) return false;
      throw error;
    }
  }

  async unlockBeacons(beacons: string[], token: string): Promise<void> {
    await this.locking('beacon_unlock', `DELETE FROM beacon_locks WHERE beacon_address = ANY($1::varchar[]) AND token = $2`, [beacons, token]);
  }

  /** The heartbeat of this process' locks and claims. */
  async renew(lockTokens: string[], claimOwners: string[]): Promise<void> {
    await this.locking('pool_renew', RENEW_SQL, [lockTokens, claimOwners, this.settings.lockTtlMs]);
  }

  // --- idempotency claims ---

  /** Claims a free key for `owner` (true), or nothing when another request holds or answered it. */
  async claimKey(key: string, fingerprint: string, owner: string, holder: string): Promise<boolean> {
    const { rowCount } = await this.locking(
      'idempotency_claim',
      `INSERT INTO idempotency_keys (key, fingerprint, status, owner, holder, locked_until)
       VALUES ($1, $2, 'in_progress', $3, $4, now() + $5 * interval '1 millisecond') ON CONFLICT (key) DO NOTHING`,
      [key, fingerprint, owner, holder, this.settings.lockTtlMs],
    );
    return rowCount === 1;
  }

  async keyRow(key: string): Promise<IdempotencyKeyRow | null> {
    const { rows } = await this.store.prepared<Record<string, unknown>>(
      'idempotency_key_row',
      `SELECT key, fingerprint, status, owner, holder, locked_until, response_status, response_body, created_at, completed_at FROM idempotency_keys WHERE key = $1`,
      [key],
    );
    return rows[0] ? keyRow(rows[0]) : null;
  }

  /** Takes over a claim whose owner stopped renewing it (died, or stalled past LOCK_TTL_MS). */
  async takeOverKey(key: string, previousOwner: string, owner: string, holder: string): Promise<boolean> {
    const { rowCount } = await this.locking(
      'idempotency_take_over',
      `UPDATE idempotency_keys SET owner = $3, holder = $4, locked_until = now() + $5 * interval '1 millisecond'
        WHERE key = $1 AND owner = $2 AND status = 'in_progress' AND locked_until <= now()`,
      [key, previousOwner, owner, holder, this.settings.lockTtlMs],
    );
    return rowCount === 1;
  }

  async completeKey(key: string, owner: string, status: number, body: unknown): Promise<void> {
    await this.locking(
      'idempotency_complete',
      `UPDATE idempotency_keys SET status = 'completed', response_status = $3, response_body = $4, completed_at = now()
        WHERE key = $1 AND owner = $2 AND status = 'in_progress'`,
      [key, owner, status, JSON.stringify(body)],
    );
  }

  /**
   * Ends `owner`'s claim without an answer: the next retry takes it over at once. The row (its
   * fingerprint) stays: it is the only record of which request the key belongs to, the journal
   * row of a transaction sent under it carries the key alone.
   */
  async releaseKey(key: string, owner: string): Promise<void> {
    // A new owner too: a heartbeat renewal already under way for the old one (its owners read before
    // the release) then matches nothing, and cannot hold the retry off for LOCK_TTL_MS.
    await this.locking(
      'idempotency_release',
      `UPDATE idempotency_keys SET locked_until = now(), owner = gen_random_uuid() WHERE key = $1 AND owner = $2 AND status = 'in_progress'`,
      [key, owner],
    );
  }

  /** Forgets expired keys, and detaches their journal rows: a key used again later is a new request, never a replay of an old transaction. */
  async purgeKeys(ttlHours: number): Promise<number> {
    const { rows } = await this.locking<{ purged: number }>(
      'idempotency_purge',
      `WITH purged AS (DELETE FROM idempotency_keys WHERE created_at < now() - $1 * interval '1 hour' AND (status = 'completed' OR locked_until < now()) RETURNING key),
            detached AS (UPDATE tx_journal SET idempotency_key = NULL WHERE idempotency_key IN (SELECT key FROM purged) RETURNING 1)
       SELECT (SELECT count(*) FROM purged)::int AS purged`,
      [ttlHours],
    );
    return rows[0]?.purged ?? 0;
  }

  // --- plumbing ---

  /**
   * A statement that takes row locks. Every journal-store session runs with `lock_timeout`
   * (LOCK_TIMEOUT_MS, set at connect: JournalStore): the same bound as a `SET LOCAL` in a
   * transaction of its own, without its two extra round trips per statement (BEGIN/SET and
   * COMMIT tripled the send path's statements). pg's own errors pass through (55P03: the lock
   * timed out); a lost connection becomes StoreUnavailableError.
   */
  private locking<T = unknown>(name: string, text: string, values: unknown[]): Promise<{ rows: T[]; rowCount: number }> {
    return this.store.prepared<T>(name, text, values);
  }
}

function minedParams(receipt: TransactionReceipt, broadcasts: number): unknown[] {
  return [
    receipt.status === 1 ? 'confirmed' : 'failed',
    receipt.blockNumber,
    receipt.blockHash,
    receipt.gasUsed.toString(),
    receipt.gasPrice.toString(),
    receipt.status,
    JSON.stringify(journalLogs(receipt)),
    receipt.hash.toLowerCase(),
    broadcasts,
  ];
}

function journaledRow(entry: NewJournalEntry, id: number, createdAt: Date, updatedAt: Date): TxJournalRow {
  return Object.assign(new TxJournalRow(), {
    id,
    requestKind: entry.kind,
    request: entry.request,
    idempotencyKey: entry.idempotencyKey,
    beaconAddresses: entry.beacons,
    wallet: entry.wallet,
    nonce: entry.nonce,
    chainId: entry.chainId,
    txHash: entry.hash,
    rawTx: entry.rawTx,
    maxCost: entry.maxCost,
    previousHashes: [],
    signedVerifier: entry.signedVerifier,
    signedDigest: entry.signedDigest,
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
    createdAt,
    updatedAt,
  } satisfies Partial<TxJournalRow>);
}

function pendingRow(r: Record<string, unknown>): TxJournalRow {
  return Object.assign(new TxJournalRow(), {
    id: Number(r['id']),
    wallet: r['wallet'] as string,
    nonce: Number(r['nonce']),
    txHash: r['tx_hash'] as string,
    rawTx: r['raw_tx'] as string,
    previousHashes: (r['previous_hashes'] as string[] | null) ?? [],
    idempotencyKey: r['idempotency_key'] as string | null,
    status: r['status'] as TxJournalRow['status'],
    blockNumber: r['block_number'] === null ? null : Number(r['block_number']),
    maxCost: BigInt(r['max_cost'] as string),
    createdAt: r['created_at'] as Date,
  });
}

const orNull = <T>(value: unknown, decode: (value: string) => T): T | null => (value === null ? null : decode(value as string));

/** A full row as TypeORM's TxJournalRow would read it (bigint counters as numbers, wei amounts as bigint). */
function journalRow(r: Record<string, unknown>): TxJournalRow {
  return Object.assign(new TxJournalRow(), {
    id: Number(r['id']),
    requestKind: r['request_kind'] as string,
    request: r['request'],
    legacyRequestFingerprint: r['request_fingerprint'] as string | null,
    idempotencyKey: r['idempotency_key'] as string | null,
    beaconAddresses: r['beacon_addresses'] as string[],
    wallet: r['wallet'] as string,
    nonce: Number(r['nonce']),
    chainId: Number(r['chain_id']),
    txHash: r['tx_hash'] as string,
    rawTx: r['raw_tx'] as string,
    signedVerifier: r['signed_verifier'] as string | null,
    signedDigest: r['signed_digest'] as string | null,
    status: r['status'] as TxJournalRow['status'],
    maxCost: BigInt(r['max_cost'] as string),
    previousHashes: r['previous_hashes'] as string[],
    broadcastCount: r['broadcast_count'] as number,
    lastBroadcastAt: r['last_broadcast_at'] as Date | null,
    blockNumber: orNull(r['block_number'], Number),
    blockHash: r['block_hash'] as string | null,
    gasUsed: orNull(r['gas_used'], BigInt),
    effectiveGasPrice: orNull(r['effective_gas_price'], BigInt),
    receiptStatus: r['receipt_status'] as number | null,
    logs: r['logs'] as TxJournalRow['logs'],
    error: r['error'] as string | null,
    createdAt: r['created_at'] as Date,
    updatedAt: r['updated_at'] as Date,
  } satisfies TxJournalRow);
}

function keyRow(r: Record<string, unknown>): IdempotencyKeyRow {
  return Object.assign(new IdempotencyKeyRow(), {
    key: r['key'] as string,
    fingerprint: r['fingerprint'] as string,
    status: r['status'] as IdempotencyKeyRow['status'],
    owner: r['owner'] as string,
    holder: r['holder'] as string | null,
    lockedUntil: r['locked_until'] as Date,
    responseStatus: r['response_status'] as number | null,
    responseBody: r['response_body'],
    createdAt: r['created_at'] as Date,
    completedAt: r['completed_at'] as Date | null,
  } satisfies IdempotencyKeyRow);
}
