import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { JournalStore } from '../stores/journal-store.module';
import { HOLDER_ID } from './holder-id';
import { beaconBusy } from './pool-errors';
import { WakeQueue } from './wake-queue';

const POLL_MS = 100;

/**
 * The locks one `withLocks` call took (none when the caller already held them all). Its
 * work may release them in a statement of its own (setting `released`), which spares the
 * separate DELETE at the end.
 */
export interface HeldLocks {
  token: string;
  beacons: string[];
  released: boolean;
}

/** Deletes the locks taken under a token; arguments are SQL parameters (beacons: varchar[]). */
export const unlockSql = (beacons: string, token: string): string =>
  `DELETE FROM beacon_locks WHERE beacon_address = ANY(${beacons}::varchar[]) AND token = ${token}`;

const UNLOCK_SQL = unlockSql('$1', '$2');

/** Takes a beacon's lock unless another holder's lock is still live; arguments are SQL parameters. */
export const lockSql = (
  beacon: string,
  token: string,
  ttlMs: string,
  holder: string,
): string => `INSERT INTO beacon_locks (beacon_address, token, locked_until, locked_by)
VALUES (${beacon}, ${token}, now() + ${ttlMs} * interval '1 millisecond', ${holder})
ON CONFLICT (beacon_address) DO UPDATE
   SET token = EXCLUDED.token, locked_until = EXCLUDED.locked_until, locked_by = EXCLUDED.locked_by
 WHERE beacon_locks.locked_until <= now()
RETURNING token`;

const LOCK_SQL = lockSql('$1', '$2', '$3', '$4');

/** The beacons an enclosing `withLocks` holds: a `withLocks` inside it (given this scope) does not lock them again. */
export interface BeaconLockScope {
  readonly beacons: ReadonlySet<string>;
}

/**
 * Takes one beacon's lock (true when taken), in place of the plain upsert: lets the caller do
 * more in the same statement (the pool leases a wallet in it).
 */
export type LockStatement = (beacon: string, token: string, ttlMs: number) => Promise<boolean>;

/**
 * Serialises work on a beacon across replicas: a lock row per beacon with a token and an
 * expiry (a crashed holder frees it by itself), taken with one upsert. A route that wraps
 * its simulation in `withLocks` passes the scope it gets to `WalletPool.send`, which then
 * does not wait for those locks again. (Passed explicitly rather than kept in an
 * AsyncLocalStorage: one of those makes every promise of the process pay for async hooks.)
 */
@Injectable()
export class BeaconLocks {
  /** This process' senders waiting for a beacon's lock: a local release wakes the oldest at once, not after its poll. */
  private readonly waiters = new Map<string, WakeQueue<true>>();

  constructor(
    private readonly store: JournalStore,
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
  ) {}

  /**
   * Runs `work` holding every beacon's lock (taken in address order: no lock-order cycles),
   * except those `scope` holds already. `work` gets the locks this call took (null: none), to
   * release them itself if it can, and the scope to hand to nested calls. `lastLock` takes the
   * last of the locks instead of the plain upsert.
   */
  async withLocks<T>(
    beacons: string[],
    work: (held: HeldLocks | null, scope: BeaconLockScope) => Promise<T>,
    { scope, lastLock }: { scope?: BeaconLockScope; lastLock?: LockStatement } = {},
  ): Promise<T> {
    const already = scope?.beacons ?? new Set<string>();
    const needed = [...new Set(beacons.map((b) => b.toLowerCase()))].filter((b) => !already.has(b)).sort();
    if (needed.length === 0) return work(null, { beacons: already });
    const held: HeldLocks = { token: randomUUID(), beacons: [], released: false };
    try {
      for (const [i, beacon] of needed.entries()) {
        await this.acquire(beacon, held.token, i === needed.length - 1 ? lastLock : undefined);
        held.beacons.push(beacon);
      }
      return await work(held, { beacons: new Set([...already, ...needed]) });
    } finally {
      if (held.beacons.length > 0 && !held.released) {
        await this.store.prepared('beacon_unlock', UNLOCK_SQL, [held.beacons, held.token]).catch(() => undefined); // expires by itself
      }
      for (const beacon of held.beacons) this.waiters.get(beacon)?.wakeOldest(true);
    }
  }

  private async acquire(beacon: string, token: string, lockStatement?: LockStatement): Promise<void> {
    // The lock outlives a holder's whole send: its wait for a wallet plus the wallet lease.
    const ttlMs = this.settings.leaseWaitMs + this.settings.leaseTimeoutMs;
    const deadline = Date.now() + this.settings.leaseWaitMs;
    const lock = lockStatement ?? (async () => (await this.store.prepared('beacon_lock', LOCK_SQL, [beacon, token, ttlMs, HOLDER_ID])).rowCount === 1);
    for (;;) {
      if (await lock(beacon, token, ttlMs)) return;
      if (Date.now() >= deadline) throw beaconBusy(beacon);
      await this.released(beacon, Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
    }
  }

  /** Waits for this process to release `beacon`'s lock, or `ms`. */
  private async released(beacon: string, ms: number): Promise<void> {
    let queue = this.waiters.get(beacon);
    if (!queue) this.waiters.set(beacon, (queue = new WakeQueue<true>()));
    try {
      await queue.wait(ms);
    } finally {
      if (queue.length === 0 && this.waiters.get(beacon) === queue) this.waiters.delete(beacon);
    }
  }
}
