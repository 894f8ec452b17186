import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PoolStore } from '../journal/pool-store';
import { HOLDER_ID } from '../journal/holder-id';
import { LockHeartbeat } from '../journal/lock-heartbeat';
import { beaconBusy } from './pool-errors';
import { WakeQueue } from './wake-queue';

const POLL_MS = 100;

/** Locks one send holds on its beacons, released by the send's last statement (PoolStore.markMinedAndUnlock) or by `release`. */
export interface BeaconLockSet {
  readonly token: string;
  readonly beacons: string[];
}

/**
 * Serialises the sends of a beacon across replicas, from simulation to receipt: the next
 * update of a beacon must simulate on the state the previous one left. A lock row per beacon
 * with a token, renewed by this process' heartbeat (LockHeartbeat), so a dead holder frees it
 * within LOCK_TTL_MS. Locks are taken in address order (no lock-order cycles). Within a process
 * a beacon has one place: a send that finds it taken here queues without asking Postgres, and a
 * release hands the place to the oldest waiter at once, so a beacon's updates keep their request
 * order here and a busy beacon costs no failed lock statements.
 */
@Injectable()
export class BeaconLocks {
  private readonly waiters = new Map<string, WakeQueue<true>>();
  /** Beacons whose place in this process is taken: held by a send here, or handed to a woken waiter. */
  private readonly places = new Set<string>();

  constructor(
    private readonly store: PoolStore,
    private readonly heartbeat: LockHeartbeat,
  ) {}

  /** Every beacon's lock (bounded wait, then 503), or none (null) for a send that touches no beacon. */
  async acquire(beacons: string[], deadline: number): Promise<BeaconLockSet | null> {
    if (beacons.length === 0) return null;
    const held: BeaconLockSet = { token: randomUUID(), beacons: [] };
    this.heartbeat.holdLock(held.token);
    try {
      for (const beacon of [...beacons].sort()) {
        await this.lockOne(beacon, held.token, deadline);
        held.beacons.push(beacon);
      }
      return held;
    } catch (error) {
      await this.release(held);
      throw error;
    }
  }

  /** Deletes the set's locks (unless `alreadyDeleted`: the send's last statement did) and hands their places on. */
  async release(held: BeaconLockSet | null, { alreadyDeleted = false } = {}): Promise<void> {
    if (!held) return;
    this.heartbeat.dropLock(held.token);
    try {
      if (!alreadyDeleted && held.beacons.length > 0) await this.store.unlockBeacons(held.beacons, held.token).catch(() => undefined); // lapses by itself
    } finally {
      for (const beacon of held.beacons) this.handOn(beacon);
    }
  }

  private async lockOne(beacon: string, token: string, deadline: number): Promise<void> {
    let mine = !this.places.has(beacon);
    if (mine) this.places.add(beacon);
    try {
      for (;;) {
        if (mine) {
          if (await this.store.lockBeacon(beacon, token, HOLDER_ID)) return;
          // Another replica holds it: ask again shortly.
          if (Date.now() >= deadline) throw beaconBusy(beacon);
          await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
        } else {
          if (Date.now() >= deadline) throw beaconBusy(beacon);
          mine = await this.handedOver(beacon, Math.max(0, deadline - Date.now()));
          if (!mine && !this.places.has(beacon)) {
            this.places.add(beacon);
            mine = true;
          }
        }
      }
    } catch (error) {
      if (mine) this.handOn(beacon);
      throw error;
    }
  }

  /** Gives `beacon`'s place in this process to its oldest waiter, or frees it. */
  private handOn(beacon: string): void {
    if (!this.waiters.get(beacon)?.wakeOldest(true)) this.places.delete(beacon);
  }

  /** True when a local release hands `beacon`'s place to this waiter within `ms`. */
  private async handedOver(beacon: string, ms: number): Promise<boolean> {
    let queue = this.waiters.get(beacon);
    if (!queue) this.waiters.set(beacon, (queue = new WakeQueue<true>()));
    try {
      return (await queue.wait(ms)) === true;
    } finally {
      if (queue.length === 0 && this.waiters.get(beacon) === queue) this.waiters.delete(beacon);
    }
  }
}
