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
}

/** How long a wallet another replica filled is left alone before this process tries it again. */
const FULL_BACKOFF_MS = 100;

/**
 * Spreads sends over the pool's wallets, up to MAX_IN_FLIGHT_PER_WALLET unconfirmed
 * transactions each, and runs the nonce-taking steps of one wallet (sign, journal, broadcast)
 * one at a time in this process, so its nonces reach the node in order and a compare-and-set
 * of next_nonce only ever loses to another replica.
 */
@Injectable()
export class WalletLanes {
  private readonly lanes = new Map<string, Lane>();
  private readonly roomMade = new WakeQueue<true>();
  private turn = 0;

  constructor(
    keys: PoolKeys,
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
  ) {
    for (const address of keys.addresses) this.lanes.set(address, { address, inFlight: 0, nextNonce: null, tail: Promise.resolve(), fullUntil: 0 });
  }

  /** Counts a send in on the least busy of `candidates` with room, waiting (until `deadline`, then 503) while all are full. */
  async enter(candidates: string[], deadline: number): Promise<Lane> {
    for (;;) {
      const lane = this.leastBusy(candidates);
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

  private leastBusy(candidates: string[]): Lane | null {
    let best: Lane | null = null;
    const now = Date.now();
    // Starting at a rotating offset: ties go round the pool instead of always to the first wallet.
    this.turn = (this.turn + 1) % Math.max(1, candidates.length);
    for (let i = 0; i < candidates.length; i++) {
      const lane = this.lanes.get(candidates[(this.turn + i) % candidates.length]);
      if (!lane || lane.fullUntil > now || lane.inFlight >= this.settings.maxInFlightPerWallet) continue;
      if (!best || lane.inFlight < best.inFlight) best = lane;
    }
    return best;
  }
}
