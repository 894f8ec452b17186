import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { JournalStore } from '../stores/journal-store.module';
import { HOLDER_ID } from './holder-id';

/** A wallet held by this process. `token` fences every write made under the lease. */
export interface WalletLease {
  readonly address: string;
  readonly token: number;
  /** The wallet row's next nonce when leased (null: never read from the chain). */
  nextNonce: number | null;
}

interface LeaseRow {
  address: string;
  lease_token: string;
  next_nonce: string | null;
}

/** Frees a wallet held under a token; `used` moves it to the back of the least-recently-used order. Arguments are SQL parameters, e.g. `$1`. */
export const releaseSql = (address: string, token: string, used: string): string => `UPDATE wallets
    SET leased_until = NULL, leased_by = NULL, updated_at = now(),
        last_used_at = CASE WHEN ${used}::boolean THEN now() ELSE last_used_at END
  WHERE address = ${address} AND lease_token = ${token}`;

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
  /**
   * This process' senders waiting for a wallet, oldest first. A release wakes one of them: one
   * wallet came free, so waking them all would only have the rest query for nothing.
   */
  private readonly waiters: (() => void)[] = [];
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

  /** Leases one of `candidates` now, or returns null when all of them are leased. */
  async tryAcquire(candidates: string[]): Promise<WalletLease | null> {
    if (candidates.length === 0) return null;
    const rows = await this.store.run((source) =>
      source.query(
        `UPDATE wallets w
            SET lease_token = w.lease_token + 1,
                leased_until = now() + $2 * interval '1 millisecond',
                leased_by = $3,
                updated_at = now()
           FROM (SELECT address FROM wallets
                  WHERE address = ANY($1::varchar[]) AND (leased_until IS NULL OR leased_until <= now())
                  ORDER BY last_used_at ASC NULLS FIRST, address
                  LIMIT 1
                  FOR UPDATE SKIP LOCKED) picked
          WHERE w.address = picked.address
      RETURNING w.address, w.lease_token, w.next_nonce`,
        [candidates, this.settings.leaseTimeoutMs, HOLDER_ID],
      ),
    );
    const row = (rows as [LeaseRow[], number])[0][0];
    return row ? { address: row.address, token: Number(row.lease_token), nextNonce: row.next_nonce === null ? null : Number(row.next_nonce) } : null;
  }

  /** Resolves when a release of this process wakes this waiter (oldest first), or after `ms`. */
  async nextRelease(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        const at = this.waiters.indexOf(done);
        if (at >= 0) this.waiters.splice(at, 1);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.push(done);
    });
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
      await this.store.run((source) => source.query(releaseSql('$1', '$2', '$3'), [lease.address, lease.token, used]));
    } finally {
      this.notifyRelease();
    }
  }

  /** Wakes this process' waiters after a release made by another statement (see TxJournal.markMinedAndRelease). */
  notifyRelease(): void {
    this.waiters.shift()?.();
  }
}
