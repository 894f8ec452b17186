import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { poolMetrics } from '../metrics/pool-metrics';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { allWalletsBusy } from './pool-errors';
import { PoolKeys } from './pool-keys';
import { WakeQueue } from './wake-queue';

/** Longest pause between two looks for a wallet with room (a local send ending wakes a waiter sooner). */
const ROOM_POLL_MS = 200;

/** This process' view of one pool wallet. */
export interface Lane {
  readonly address: string;
  /** This process' sends on the wallet from their nonce to their receipt (other replicas' are counted by the journal insert). */
  inFlight: number;
  /** The nonce to sign with next, as this process last saw it; null: ask the wallets row (and the chain) again. */
  nextNonce: number | null;
  /** The end of the lane's queue of nonce-taking steps (see `exclusive`). */
  tail: Promise<unknown>;
  /** Until then, other replicas fill the wallet's pipeline (the journal insert said so): look elsewhere. */
  fullUntil: number;
  /** Until then, prefer other wallets: another replica took a nonce this process was about to use. */
  contendedUntil: number;
}

/** How long a wallet another replica filled is left alone before this process tries it again. */
const FULL_BACKOFF_MS = 100;
/**
 * How long a wallet on which another replica took our next nonce comes after the others: each
 * such loss costs a signature and a statement again, so the replica that lost moves to its next
 * wallet, and replicas sharing a pool settle on different wallets.
 */
const CONTENDED_BACKOFF_MS = 2_000;

/**
 * Places sends on the pool's wallets, up to MAX_IN_FLIGHT_PER_WALLET unconfirmed transactions
 * each, and runs the nonce-taking steps of one wallet (sign, journal, broadcast) one at a time in
 * this process, so its nonces reach the node in order and a compare-and-set of next_nonce only
 * ever loses to another replica.
 *
 * Each process goes through the wallets in an order of its own (random at start), filling one
 * to half its pipeline before the next: two replicas spreading over the same wallets lost the
 * compare-and-set on about every send and signed every transaction twice (beacon-ops' CPU per
 * update 1.5 times a single replica's). A wallet on which another replica took our nonce
 * comes last for a while (CONTENDED_BACKOFF_MS).
 */
@Injectable()
export class WalletLanes {
  private readonly lanes = new Map<string, Lane>();
  private readonly roomMade = new WakeQueue<true>();
  /** This process' order of preference over the wallets (address -> rank). */
  private readonly preference = new Map<string, number>();
  /** Sends a wallet takes before the next one in the order is used: half its pipeline. */
  private readonly softLimit: number;

  constructor(
    keys: PoolKeys,
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
  ) {
    for (const address of keys.addresses)
      this.lanes.set(address, { address, inFlight: 0, nextNonce: null, tail: Promise.resolve(), fullUntil: 0, contendedUntil: 0 });
    const order = [...keys.addresses];
    for (let i = order.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    order.forEach((address, rank) => this.preference.set(address, rank));
    this.softLimit = Math.max(1, Math.ceil(settings.maxInFlightPerWallet / 2));
  }

  /** Counts a send in on the best of `candidates` with room (see `choose`), waiting (until `deadline`, then 503) while all are full. */
  async enter(candidates: string[], deadline: number): Promise<Lane> {
    for (;;) {
      const lane = this.choose(candidates);
      if (lane) {
        lane.inFlight++;
        poolMetrics.noncesInFlight.set({ wallet: lane.address }, lane.inFlight);
        return lane;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw allWalletsBusy();
      await this.roomMade.wait(Math.min(left, ROOM_POLL_MS));
    }
  }

  /** The send is over (receipt, or gave up): its room goes to the oldest waiter. */
  leave(lane: Lane): void {
    lane.inFlight--;
    poolMetrics.noncesInFlight.set({ wallet: lane.address }, lane.inFlight);
    this.roomMade.wakeOldest(true);
  }

  /** The journal insert found MAX_IN_FLIGHT_PER_WALLET pending rows, counting other replicas': skip the wallet a moment. */
  markFull(lane: Lane): void {
    lane.fullUntil = Date.now() + FULL_BACKOFF_MS;
  }

  /** Another replica took the nonce this process was about to use on the lane's wallet: prefer other wallets a while. */
  markContended(lane: Lane): void {
    poolMetrics.nonceConflicts.inc();
    lane.contendedUntil = Date.now() + CONTENDED_BACKOFF_MS;
  }

  /** Runs `work` after every earlier `exclusive` work of the lane has ended. */
  exclusive<T>(lane: Lane, work: () => Promise<T>): Promise<T> {
    const run = lane.tail.then(work);
    lane.tail = run.catch(() => undefined);
    return run;
  }

  /** Every lane asks the wallets row again before its next nonce (the chain may have been reset). */
  forgetNonces(): void {
    for (const lane of this.lanes.values()) lane.nextNonce = null;
  }

  /**
   * The best of `candidates` with room, or null when all are full: wallets no other replica took a
   * nonce on before contended ones; among them, the first in this process' order still below the
   * soft limit (filling it), else the least busy (ties: this process' order).
   */
  private choose(candidates: string[]): Lane | null {
    let best: { lane: Lane; key: number[] } | null = null;
    const now = Date.now();
    for (const address of candidates) {
      const lane = this.lanes.get(address);
      if (!lane || lane.fullUntil > now || lane.inFlight >= this.settings.maxInFlightPerWallet) continue;
      const filling = lane.inFlight < this.softLimit;
      const key = [lane.contendedUntil > now ? 1 : 0, filling ? 0 : 1, filling ? 0 : lane.inFlight, this.preference.get(address) ?? 0];
      if (!best || isBefore(key, best.key)) best = { lane, key };
    }
    return best?.lane ?? null;
  }
}

/** Lexicographic order of two keys of the same length. */
function isBefore(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}
