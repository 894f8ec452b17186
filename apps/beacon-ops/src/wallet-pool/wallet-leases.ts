import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { JournalStore } from '../stores/journal-store.module';
import { lockSql } from './beacon-locks';
import { HOLDER_ID } from './holder-id';
import { WakeQueue } from './wake-queue';
import type { AccountedFunds } from './wallet-funds';

/** A wallet held by this process. `token` fences every write made under the lease. */
export interface WalletLease {
  readonly address: string;
  readonly token: number;
  /** The wallet row's next nonce when leased (null: never read from the chain). */
  nextNonce: number | null;
  /** The wallet row's accounted funds (WalletFunds); `fresh`: read from the chain within WALLET_BALANCE_CACHE_MS. */
  funds: AccountedFunds & { fresh: boolean };
}

interface LeaseRow {
  address: string;
  lease_token: string;
  next_nonce: string | null;
  balance_wei: string | null;
  committed_wei: string;
  balance_fresh: boolean | null;
}

/**
 * Takes the least-recently-used free wallet among $1 ($2 lease ms, $3 holder, $4 balance cache
 * ms: whether its accounted funds are fresh). `gate`: an extra condition on the pick.
 */
const leaseSql = (gate = ''): string => `UPDATE wallets w
    SET lease_token = w.lease_token + 1,
        leased_until = now() + $2 * interval '1 millisecond',
        leased_by = $3,
        updated_at = now()
   FROM (SELECT address FROM wallets
          WHERE address = ANY($1::varchar[]) AND (leased_until IS NULL OR leased_until <= now()) ${gate}
          ORDER BY last_used_at ASC NULLS FIRST, address
          LIMIT 1
          FOR UPDATE SKIP LOCKED) picked
  WHERE w.address = picked.address
RETURNING w.address, w.lease_token, w.next_nonce, w.balance_wei, w.committed_wei,
          w.balance_read_at > now() - $4 * interval '1 millisecond' AS balance_fresh`;

const LEASE_SQL = leaseSql();

/** A beacon's lock ($5 beacon, $6 lock token, $7 lock ms) and, only if it was taken, a wallet as in LEASE_SQL. */
const LOCK_AND_LEASE_SQL = `WITH locked AS (${lockSql('$5', '$6', '$7', '$3')}),
     leased AS (${leaseSql('AND EXISTS (SELECT 1 FROM locked)')})
SELECT (SELECT count(*) FROM locked)::int AS locked, leased.* FROM (SELECT 1) AS one LEFT JOIN leased ON true`;

/** Frees a wallet held under a token; `used` moves it to the back of the least-recently-used order. Arguments are SQL parameters, e.g. `$1`. */
export const releaseSql = (address: string, token: string, used: string): string => `UPDATE wallets
    SET leased_until = NULL, leased_by = NULL, updated_at = now(),
        last_used_at = CASE WHEN ${used}::boolean THEN now() ELSE last_used_at END
  WHERE address = ${address} AND lease_token = ${token}`;

const RELEASE_SQL = releaseSql('$1', '$2', '$3');

/**
 * The wallet a release of this process freed, handed to its oldest waiter. Until that waiter
 * has tried for it (`used`, by tryAcquire), a sender arriving meanwhile leaves it alone: taking
 * it would leave the woken one to fail, wait and query again. Exact with one replica (another
 * replica's leased wallets count as free here, and its senders do not wait here).
 */
export interface Turn {
  used(): void;
}

/** A turn not used within this long lapses. */
const TURN_MS = 1_000;

/** The lease expired (or was taken over) before a fenced write: nothing was written. */
export class LeaseLostError extends Error {
  constructor(address: string) {
    super(`Lease on wallet ${address} was lost`);
    this.name = 'LeaseLostError';
  }
}

/**
 * Wallet leases in the shared database. Taking one is a single statement: the least-recently
 * used wallet among `candidates` whose lease is free or expired, locked with FOR UPDATE
 * SKIP LOCKED so concurrent takers (any replica) never block on or get the same row, and
 * its fencing token incremented.
 */
@Injectable()
export class WalletLeases {
  /** This process' senders waiting for a wallet; a release hands the oldest a turn. */
  private readonly waiters = new WakeQueue<Turn>();
  /** Wallets this process holds a lease on: every lease is released (or its release attempted) in a finally. */
  private readonly heldHere = new Set<string>();
  /** Turns handed out and not yet used: that many free wallets are spoken for (see Turn). */
  private promised = 0;
  private registered?: Promise<void>;

  constructor(
    private readonly store: JournalStore,
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
  ) {}

  /** Inserts a row for each configured wallet not yet known (nonce unknown until first use). */
  register(addresses: string[]): Promise<void> {
    this.registered ??= this.store
      .run((source) => source.query(`INSERT INTO wallets (address) SELECT unnest($1::varchar[]) ON CONFLICT (address) DO NOTHING`, [addresses]))
      .then(
        () => undefined,
        (error: unknown) => {
          this.registered = undefined;
          throw error;
        },
      );
    return this.registered;
  }

  /** Leases one of `candidates` now, or returns null when all of them are leased. Uses up `turn`. */
  async tryAcquire(candidates: string[], turn: Turn | null = null): Promise<WalletLease | null> {
    try {
      if (candidates.length === 0) return null;
      const { rows } = await this.store.prepared<LeaseRow>('wallet_lease', LEASE_SQL, [
        candidates,
        this.settings.leaseTimeoutMs,
        HOLDER_ID,
        this.settings.balanceCacheMs,
      ]);
      return rows[0] ? this.held(rows[0]) : null;
    } finally {
      turn?.used();
    }
  }

  /**
   * BeaconLocks' lock of `beacon` and, if it was taken, a lease as tryAcquire's, in one round
   * trip: a send's first two steps. The lease is null when the lock was not taken or no
   * candidate is free. Uses up `turn`.
   */
  async tryAcquireWithLock(
    candidates: string[],
    lock: { beacon: string; token: string; ttlMs: number },
    turn: Turn | null = null,
  ): Promise<{ locked: boolean; lease: WalletLease | null }> {
    try {
      const { rows } = await this.store.prepared<LeaseRow & { locked: number }>('beacon_lock_wallet_lease', LOCK_AND_LEASE_SQL, [
        candidates,
        this.settings.leaseTimeoutMs,
        HOLDER_ID,
        this.settings.balanceCacheMs,
        lock.beacon,
        lock.token,
        lock.ttlMs,
      ]);
      const row = rows[0];
      return { locked: row.locked === 1, lease: row.address ? this.held(row) : null };
    } finally {
      turn?.used();
    }
  }

  /**
   * While this process holds every one of `candidates`, or the others are spoken for by turns
   * it handed out, no statement could lease one for this sender: waits for a turn of its own
   * (returned: pass it to the next tryAcquire), or `deadline` (null).
   */
  async untilOneIsFreeHere(candidates: string[], deadline: number): Promise<Turn | null> {
    while (candidates.filter((address) => !this.heldHere.has(address)).length <= this.promised) {
      const left = deadline - Date.now();
      if (left <= 0) return null;
      // Looks again at least once per turn's life: an unused turn lapses without a release to wake anyone.
      const turn = await this.nextRelease(Math.min(left, TURN_MS));
      if (turn) return turn;
    }
    return null;
  }

  /** A turn when a release of this process wakes this waiter (oldest first), or null after `ms`. */
  nextRelease(ms: number): Promise<Turn | null> {
    return this.waiters.wait(ms);
  }

  /**
   * Runs `work` in a transaction that first re-checks the lease (token unchanged, not
   * expired) and renews it; throws LeaseLostError instead of running `work` otherwise.
   */
  async fenced<T>(lease: WalletLease, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.store.run((source) =>
      source.transaction(async (manager) => {
        const [, count] = (await manager.query(
          `UPDATE wallets SET leased_until = now() + $3 * interval '1 millisecond', updated_at = now()
            WHERE address = $1 AND lease_token = $2 AND leased_until > now()`,
          [lease.address, lease.token, this.settings.leaseTimeoutMs],
        )) as [unknown, number];
        if (count !== 1) throw new LeaseLostError(lease.address);
        return work(manager);
      }),
    );
  }

  /** Stores the wallet's next nonce under the lease. */
  async setNextNonce(lease: WalletLease, nonce: number): Promise<void> {
    await this.fenced(lease, (manager) =>
      manager.query(`UPDATE wallets SET next_nonce = $2, nonce_synced_at = now() WHERE address = $1`, [lease.address, nonce]),
    );
    lease.nextNonce = nonce;
  }

  /** Frees the wallet; `used` moves it to the back of the least-recently-used order. */
  async release(lease: WalletLease, { used }: { used: boolean }): Promise<void> {
    try {
      await this.store.prepared('wallet_release', RELEASE_SQL, [lease.address, lease.token, used]);
    } finally {
      this.notifyRelease(lease);
    }
  }

  /** Wakes this process' oldest waiter after `lease` was released, here or by another statement (see TxJournal.markMinedAndRelease). */
  notifyRelease(lease: WalletLease): void {
    this.heldHere.delete(lease.address);
    if (this.waiters.length > 0) this.waiters.wakeOldest(this.turn());
  }

  private turn(): Turn {
    this.promised++;
    let open = true;
    const used = () => {
      if (!open) return;
      open = false;
      clearTimeout(expiry);
      this.promised--;
    };
    // A waiter that fails before its try (an error, a busy beacon) must not hold the wallet back.
    const expiry = setTimeout(used, TURN_MS);
    expiry.unref();
    return { used };
  }

  private held(row: LeaseRow): WalletLease {
    this.heldHere.add(row.address);
    return {
      address: row.address,
      token: Number(row.lease_token),
      nextNonce: row.next_nonce === null ? null : Number(row.next_nonce),
      funds: { balance: row.balance_wei === null ? null : BigInt(row.balance_wei), committed: BigInt(row.committed_wei), fresh: row.balance_fresh === true },
    };
  }
}
