import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { IdempotencyKeyRow } from '../journal/idempotency-key.entity';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { PoolStore } from '../journal/pool-store';
import { HOLDER_ID } from '../journal/holder-id';
import { LockHeartbeat } from '../journal/lock-heartbeat';
import { idempotencyKeyInFlight, idempotencyKeyReused } from './idempotency-errors';

/** A stored first answer: the handler's value, or a deterministic (4xx) failure. */
export type StoredResponse = { kind: 'success'; body: unknown } | { kind: 'failure'; status: number; message: string };

export type Claim = { kind: 'run'; owner: string } | { kind: 'replay'; response: StoredResponse };

const POLL_MS = 100;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * The one idempotency layer: first answers by Idempotency-Key, shared by every replica. The
 * claim row holds the only fingerprint (method, path, canonical body); a transaction sent
 * under the key is journaled with the key alone, and WalletPool finds it by the key (replay)
 * once the claim has checked the request. A request claims its key; a
 * retry of a finished request gets the stored answer; a retry while the first still runs
 * waits for it (bounded by RECEIPT_TIMEOUT_MS, then 409); the same key with a different
 * request is 422. A claim lives LOCK_TTL_MS past its owner's last heartbeat (LockHeartbeat):
 * a retry after the owner's process died takes it over within seconds and runs again, and
 * the pool then finds the transaction the first run journaled (WalletPool's replay) instead
 * of sending a second one. Keys are kept IDEMPOTENCY_KEY_TTL_HOURS (their journal rows are then detached from them).
 */
@Injectable()
export class IdempotencyService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('IdempotencyService');
  private purgeTimer?: NodeJS.Timeout;

  constructor(
    private readonly store: PoolStore,
    private readonly heartbeat: LockHeartbeat,
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
    this.heartbeat.holdClaim(owner);
    try {
      for (;;) {
        if (await this.store.claimKey(key, fingerprint, owner, HOLDER_ID)) return { kind: 'run', owner };
        const row = await this.store.keyRow(key);
        if (row) {
          if (row.fingerprint !== fingerprint) throw idempotencyKeyReused(key);
          if (row.status === 'completed') {
            this.heartbeat.dropClaim(owner);
            return { kind: 'replay', response: storedResponse(row) };
          }
          if (await this.store.takeOverKey(key, row.owner, owner, HOLDER_ID)) return { kind: 'run', owner };
        }
        if (Date.now() >= deadline) throw idempotencyKeyInFlight(key);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (error) {
      this.heartbeat.dropClaim(owner);
      throw error;
    }
  }

  /** Records the first answer (only by the claim's owner). */
  async complete(key: string, owner: string, response: StoredResponse): Promise<void> {
    const [status, body] = response.kind === 'success' ? [200, response.body ?? null] : [response.status, { message: response.message }];
    try {
      await this.store.completeKey(key, owner, status, { kind: response.kind, body });
    } finally {
      this.heartbeat.dropClaim(owner);
    }
  }

  /**
   * Ends the claim without an answer (502/503/504: a retry must run again). The key stays bound
   * to this request's fingerprint, so a retry with another request is still 422 even though the
   * journal row it finds carries only the key.
   */
  async release(key: string, owner: string): Promise<void> {
    // Heartbeat first: a renewal after the release would hold the retry off for LOCK_TTL_MS.
    this.heartbeat.dropClaim(owner);
    await this.store.releaseKey(key, owner);
  }

  async purgeExpired(): Promise<number> {
    const count = await this.store.purgeKeys(this.settings.idempotencyKeyTtlHours);
    if (count > 0) this.logger.log(`purged ${count} expired idempotency keys`);
    return count;
  }
}

function storedResponse(row: IdempotencyKeyRow): StoredResponse {
  const stored = row.responseBody as { kind: 'success' | 'failure'; body: unknown };
  if (stored.kind === 'success') return { kind: 'success', body: stored.body };
  return { kind: 'failure', status: row.responseStatus ?? 500, message: (stored.body as { message: string }).message };
}
