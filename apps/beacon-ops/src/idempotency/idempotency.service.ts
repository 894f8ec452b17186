import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { IdempotencyKeyRow } from '../journal/idempotency-key.entity';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { JournalStore } from '../stores/journal-store.module';
import { idempotencyKeyInFlight, idempotencyKeyReused } from '../wallet-pool/pool-errors';

/** A stored first answer: the handler's value, or a deterministic (4xx) failure. */
export type StoredResponse = { kind: 'success'; body: unknown } | { kind: 'failure'; status: number; message: string };

export type Claim = { kind: 'run'; owner: string } | { kind: 'replay'; response: StoredResponse };

const POLL_MS = 100;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * First answers by Idempotency-Key, shared by every replica. A request claims its key
 * (insert, or take over a claim whose owner died); a retry of a finished request gets the
 * stored answer; a retry while the first still runs waits for it (bounded by
 * RECEIPT_TIMEOUT_MS, then 409); the same key with a different request is 422.
 * Keys are kept IDEMPOTENCY_KEY_TTL_HOURS.
 */
@Injectable()
export class IdempotencyService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('IdempotencyService');
  private purgeTimer?: NodeJS.Timeout;

  constructor(
    private readonly store: JournalStore,
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
  ) {}

  onModuleInit(): void {
    this.purgeTimer = setInterval(() => void this.purgeExpired().catch(() => undefined), PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.purgeTimer);
  }

  async claim(key: string, fingerprint: string): Promise<Claim> {
    const owner = randomUUID();
    const deadline = Date.now() + this.settings.receiptTimeoutMs;
    for (;;) {
      const inserted = (await this.store.run((source) =>
        source.query(
          `INSERT INTO idempotency_keys (key, fingerprint, status, owner, locked_until)
           VALUES ($1, $2, 'in_progress', $3, now() + $4 * interval '1 millisecond')
           ON CONFLICT (key) DO NOTHING RETURNING key`,
          [key, fingerprint, owner, this.claimTtlMs()],
        ),
      )) as unknown[];
      if (inserted.length === 1) return { kind: 'run', owner };

      const row = await this.store.run((source) => source.getRepository(IdempotencyKeyRow).findOneBy({ key }));
      if (row) {
        if (row.fingerprint !== fingerprint) throw idempotencyKeyReused(key);
        if (row.status === 'completed') return { kind: 'replay', response: storedResponse(row) };
        if (await this.takeOver(key, row.owner, owner)) return { kind: 'run', owner };
      }
      if (Date.now() >= deadline) throw idempotencyKeyInFlight(key);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Records the first answer (only by the claim's owner). */
  async complete(key: string, owner: string, response: StoredResponse): Promise<void> {
    const [status, body] = response.kind === 'success' ? [200, response.body ?? null] : [response.status, { message: response.message }];
    await this.store.run((source) =>
      source.query(
        `UPDATE idempotency_keys SET status = 'completed', response_status = $3, response_body = $4, completed_at = now()
          WHERE key = $1 AND owner = $2 AND status = 'in_progress'`,
        [key, owner, status, JSON.stringify({ kind: response.kind, body })],
      ),
    );
  }

  /** Gives the key back (the request ended without an answer worth replaying, e.g. 502/503/504). */
  async abandon(key: string, owner: string): Promise<void> {
    await this.store.run((source) => source.query(`DELETE FROM idempotency_keys WHERE key = $1 AND owner = $2 AND status = 'in_progress'`, [key, owner]));
  }

  async purgeExpired(): Promise<number> {
    const [, count] = (await this.store.run((source) =>
      source.query(`DELETE FROM idempotency_keys WHERE created_at < now() - $1 * interval '1 hour' AND (status = 'completed' OR locked_until < now())`, [
        this.settings.idempotencyKeyTtlHours,
      ]),
    )) as [unknown, number];
    if (count > 0) this.logger.log(`purged ${count} expired idempotency keys`);
    return count;
  }

  /** A claim whose owner stopped renewing (crashed): the next request with the key runs it. */
  private async takeOver(key: string, previousOwner: string, owner: string): Promise<boolean> {
    const [, count] = (await this.store.run((source) =>
      source.query(
        `UPDATE idempotency_keys SET owner = $3, locked_until = now() + $4 * interval '1 millisecond'
          WHERE key = $1 AND owner = $2 AND status = 'in_progress' AND locked_until <= now()`,
        [key, previousOwner, owner, this.claimTtlMs()],
      ),
    )) as [unknown, number];
    return count === 1;
  }

  /** Long enough for the whole request: beacon lock and wallet waits, then the wallet lease. */
  private claimTtlMs(): number {
    return 2 * this.settings.leaseWaitMs + this.settings.leaseTimeoutMs;
  }
}

function storedResponse(row: IdempotencyKeyRow): StoredResponse {
  const stored = row.responseBody as { kind: 'success' | 'failure'; body: unknown };
  if (stored.kind === 'success') return { kind: 'success', body: stored.body };
  return { kind: 'failure', status: row.responseStatus ?? 500, message: (stored.body as { message: string }).message };
}
