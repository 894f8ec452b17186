import { Inject, Injectable } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { JournalStore } from '../stores/journal-store.module';
import { HOLDER_ID } from './holder-id';
import { beaconBusy } from './pool-errors';

const POLL_MS = 100;

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

  /** Runs `work` holding every beacon's lock (taken in address order: no lock-order cycles). */
  async withLocks<T>(beacons: string[], work: () => Promise<T>): Promise<T> {
    const already = this.held.getStore() ?? new Set<string>();
    const needed = [...new Set(beacons.map((b) => b.toLowerCase()))].filter((b) => !already.has(b)).sort();
    if (needed.length === 0) return work();
    const token = randomUUID();
    const taken: string[] = [];
    try {
      for (const beacon of needed) {
        await this.acquire(beacon, token);
        taken.push(beacon);
      }
      return await this.held.run(new Set([...already, ...needed]), work);
    } finally {
      if (taken.length > 0) {
        await this.store
          .run((source) => source.query(`DELETE FROM beacon_locks WHERE beacon_address = ANY($1::varchar[]) AND token = $2`, [taken, token]))
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
