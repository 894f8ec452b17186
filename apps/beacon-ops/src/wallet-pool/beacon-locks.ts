import { Inject, Injectable } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { JournalStore } from '../stores/journal-store.module';
import { HOLDER_ID } from './holder-id';
import { beaconBusy } from './pool-errors';

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
export const unlockSql = (beacons: string, token: string): string => `DELETE FROM beacon_locks WHERE beacon_address = ANY(${beacons}::varchar[]) AND token = ${token}`;

/**
 * Serialises work on a beacon across replicas: a lock row per beacon with a token and an
 * expiry (a crashed holder frees it by itself), taken with one upsert. Locks held by the
 * current async call chain are remembered, so a route that wraps its simulation in
 * `withLocks` can call `WalletPool.send` for the same beacon inside without deadlocking.
 */
@Injectable()
export class BeaconLocks {
  private readonly held = new AsyncLocalStorage<ReadonlySet<string>>();

  constructor(
    private readonly store: JournalStore,
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
  ) {}

  /**
   * Runs `work` holding every beacon's lock (taken in address order: no lock-order cycles).
   * `work` gets the locks this call took (null: none), to release them itself if it can.
   */
  async withLocks<T>(beacons: string[], work: (held: HeldLocks | null) => Promise<T>): Promise<T> {
    const already = this.held.getStore() ?? new Set<string>();
    const needed = [...new Set(beacons.map((b) => b.toLowerCase()))].filter((b) => !already.has(b)).sort();
    if (needed.length === 0) return work(null);
    const held: HeldLocks = { token: randomUUID(), beacons: [], released: false };
    try {
      for (const beacon of needed) {
        await this.acquire(beacon, held.token);
        held.beacons.push(beacon);
      }
      return await this.held.run(new Set([...already, ...needed]), () => work(held));
    } finally {
      if (held.beacons.length > 0 && !held.released) {
        await this.store
          .run((source) => source.query(unlockSql('$1', '$2'), [held.beacons, held.token]))
          .catch(() => undefined); // expires by itself
      }
    }
  }

  private async acquire(beacon: string, token: string): Promise<void> {
    // The lock outlives a holder's whole send: its wait for a wallet plus the wallet lease.
    const ttlMs = this.settings.leaseWaitMs + this.settings.leaseTimeoutMs;
    const deadline = Date.now() + this.settings.leaseWaitMs;
    for (;;) {
      const rows = (await this.store.run((source) =>
        source.query(
          `INSERT INTO beacon_locks (beacon_address, token, locked_until, locked_by)
           VALUES ($1, $2, now() + $3 * interval '1 millisecond', $4)
           ON CONFLICT (beacon_address) DO UPDATE
              SET token = EXCLUDED.token, locked_until = EXCLUDED.locked_until, locked_by = EXCLUDED.locked_by
            WHERE beacon_locks.locked_until <= now()
           RETURNING token`,
          [beacon, token, ttlMs, HOLDER_ID],
        ),
      )) as { token: string }[];
      if (rows.length === 1) return;
      if (Date.now() >= deadline) throw beaconBusy(beacon);
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
    }
  }
}
