import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { PoolStore } from './pool-store';

/**
 * Keeps this process' beacon locks and idempotency claims alive: every LOCK_TTL_MS / 4, one
 * statement pushes their expiry LOCK_TTL_MS ahead. A process that dies, or stalls, stops
 * renewing them, and another takes them over within LOCK_TTL_MS. A lock or claim that a
 * statement took after its requester gave up (it sat queued in a stalled database) is in no
 * process' set, so it lapses the same way.
 */
@Injectable()
export class LockHeartbeat implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('LockHeartbeat');
  private readonly lockTokens = new Set<string>();
  private readonly claimOwners = new Set<string>();
  private timer?: NodeJS.Timeout;
  private beating = false;

  constructor(
    private readonly store: PoolStore,
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.beat(), Math.max(250, Math.floor(this.settings.lockTtlMs / 4)));
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  holdLock(token: string): void {
    this.lockTokens.add(token);
  }

  dropLock(token: string): void {
    this.lockTokens.delete(token);
  }

  holdClaim(owner: string): void {
    this.claimOwners.add(owner);
  }

  dropClaim(owner: string): void {
    this.claimOwners.delete(owner);
  }

  private async beat(): Promise<void> {
    if (this.beating || (this.lockTokens.size === 0 && this.claimOwners.size === 0)) return;
    this.beating = true;
    try {
      await this.store.renew([...this.lockTokens], [...this.claimOwners]);
    } catch (error) {
      this.logger.warn(
        `renewal of ${this.lockTokens.size} locks and ${this.claimOwners.size} claims failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      this.beating = false;
    }
  }
}
