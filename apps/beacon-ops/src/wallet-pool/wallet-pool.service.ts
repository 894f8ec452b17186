import { setTimeout as sleep } from 'node:timers/promises';
import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { JsonRpcProvider, TransactionReceipt } from 'ethers';
import { Chain } from '../chain/chain.module';
import { ChainUnavailableError } from '../chain/chain-unavailable.error';
import { gasCapExceeded, gasCapFor } from '../gas-policy';
import { JournalConflictError } from '../journal/pool-store';
import { TxJournalRow } from '../journal/tx-journal.entity';
import { poolMetrics } from '../metrics/pool-metrics';
import { currentToken } from '../rate-limits/token-context';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { broadcastRaw, errorText } from './broadcast';
import { allWalletsBusy, insufficientGas, receiptTimeout, transactionRejected } from './pool-errors';
import { BalanceReading } from './balance-cache';
import { PoolWallets, SendPolicy, SendRecords } from './send-collaborators';
import { SendRequest, SentTransaction } from './send-request';
import { REPLACED_RECHECK_MS } from './row-reconciler';
import { PreparedTransaction } from './transaction-builder';
import { Lane } from './wallet-lanes';

/** Re-signs with a fresh nonce at most this often per wallet before moving to another one. */
const NONCE_ATTEMPTS = 4;
/** On shutdown, in-flight sends get this long to reach their receipt. */
const SHUTDOWN_GRACE_MS = 10_000;

/** What one send knows before it picks a wallet. */
interface SendContext {
  provider: JsonRpcProvider;
  chainId: bigint;
  beacons: string[];
  key: string | null;
  deadline: number;
}

/** A transaction journaled and handed to the node (or journaled only: `broadcast` false, a reconciler's re-send got there). */
interface Broadcast {
  row: TxJournalRow;
  lane: Lane;
  broadcast: boolean;
  at: number;
}

/** The outcome of the nonce-taking steps on one wallet ('full': its pipeline or its nonces are taken by other replicas). */
type LaneOutcome = { kind: 'sent'; row: TxJournalRow; broadcast: boolean } | { kind: 'full' } | { kind: 'short' };

/** Another send took the idempotency key between our look and our insert. */
class KeyTakenError extends Error {}

/**
 * Sends transactions from the wallet pool, crash-safely, several per wallet at once. A send's
 * steps, each with one owner:
 * 1. replay      an idempotency key already journaled: wait for that transaction, send nothing (this class);
 * 2. lock        the beacons' locks, held from simulation to receipt, renewed by the heartbeat (BeaconLocks);
 * 3. reserve     a wallet with room in its pipeline, MAX_IN_FLIGHT_PER_WALLET (WalletLanes);
 * 4. build       the route's transaction, simulated from that wallet; gas cap and rate limit (route, TransactionBuilder);
 * 5. journal     sign with the wallet's next nonce and write the row, the nonce compare-and-set and the
 *                funds check in one statement, one wallet's steps 5-6 at a time per process (PoolStore.journal);
 * 6. broadcast   the signed bytes; a taken nonce resyncs the wallet (NonceSync) and goes back to 5;
 * 7. receipt     per transaction, bounded by RECEIPT_TIMEOUT_MS (504 with the hash after that); a dropped or
 *                stuck transaction is re-sent with the same nonce and a fee bump (ReceiptWatch);
 * 8. settle      the receipt into the row and the beacon locks released, one statement (PoolStore.markMinedAndUnlock).
 * What a send could not finish, the reconciler does (JournalReconciler, RowReconciler).
 */
@Injectable()
export class WalletPool implements BeforeApplicationShutdown {
  private readonly logger = new Logger('WalletPool');
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();
  private registered?: Promise<void>;

  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly chain: Chain,
    private readonly poolWallets: PoolWallets,
    private readonly records: SendRecords,
    private readonly policy: SendPolicy,
  ) {}

  /**
   * Sends one transaction and waits for its receipt. Errors (BeaconOpsError unless noted):
   * 503 insufficient gas / all wallets busy / beacon busy, 502 ChainUnavailableError,
   * 504 no receipt in time,
   * 422 TransactionWouldRevertError (estimate reverted, nothing sent).
   */
  send(request: SendRequest): Promise<SentTransaction> {
    const job = this.execute(request);
    this.inFlight.add(job);
    void job.finally(() => this.inFlight.delete(job)).catch(() => undefined);
    return job;
  }

  /** Pool wallets and their balances (null while the chain does not answer); never keys. */
  async wallets(): Promise<{ address: string; balanceWei: bigint | null }[]> {
    const balances = await this.poolWallets.balances.balances(this.poolWallets.keys.addresses).catch(() => new Map<string, bigint | null>());
    return this.poolWallets.keys.addresses.map((address) => ({ address, balanceWei: balances.get(address) ?? null }));
  }

  async beforeApplicationShutdown(): Promise<void> {
    const pending = Promise.allSettled([...this.inFlight]);
    await Promise.race([pending, new Promise((resolve) => setTimeout(resolve, Math.min(SHUTDOWN_GRACE_MS, this.settings.receiptTimeoutMs)).unref())]);
    this.stopping.abort();
  }

  private async execute(request: SendRequest): Promise<SentTransaction> {
    const context = await this.context(request);
    // 1. replay
    if (context.key) {
      const replayed = await this.replay(context.key, context);
      if (replayed) return replayed;
    }
    // 2. lock
    const locks = await this.records.beaconLocks.acquire(context.beacons, context.deadline);
    let unlocked = false;
    try {
      if (context.key) {
        // The first send with this key may have finished while we waited for the lock.
        const replayed = await this.replay(context.key, context);
        if (replayed) return replayed;
      }
      // 3-6. reserve, build, journal, broadcast
      const sent = await this.reserveAndBroadcast(request, context);
      try {
        // 7. receipt
        const receipt = await this.records.receipts.wait(sent.row, context.provider, context.chainId, this.stopping.signal);
        if (!receipt) {
          poolMetrics.failed.inc({ reason: 'timeout' });
          throw receiptTimeout(sent.row.txHash);
        }
        // 8. settle
        if (locks) await this.records.store.markMinedAndUnlock(sent.row.id, receipt, sent.broadcast ? 1 : 0, locks);
        else await this.records.store.markMined(sent.row.id, receipt, sent.broadcast ? 1 : 0);
        unlocked = true;
        recordMined(receipt, sent.at);
        return this.outcome(sent.row, receipt, false);
      } finally {
        this.poolWallets.lanes.leave(sent.lane);
      }
    } catch (error) {
      // The chain may come back reset (a dev anvil): every wallet's nonce is read again then.
      if (error instanceof ChainUnavailableError) this.poolWallets.lanes.forgetNonces();
      if (error instanceof KeyTakenError && context.key) {
        const replayed = await this.replay(context.key, context);
        if (replayed) return replayed;
      }
      throw error;
    } finally {
      await this.records.beaconLocks.release(locks, { alreadyDeleted: unlocked });
    }
  }

  private async context(request: SendRequest): Promise<SendContext> {
    if (!request.kind) throw new Error('SendRequest.kind is required');
    const beacons = toList(request.beaconAddress);
    const provider = await this.chain.provider();
    const chainId = await this.checkedChainId(provider);
    this.registered ??= this.records.store.registerWallets(this.poolWallets.keys.addresses).catch((error: unknown) => {
      this.registered = undefined;
      throw error;
    });
    await this.registered;
    return {
      provider,
      chainId,
      beacons,
      key: request.idempotencyKey ?? null,
      deadline: Date.now() + this.settings.leaseWaitMs,
    };
  }

  /** Steps 3-6 on the payable wallet WalletLanes picks; another one when this one cannot pay or another replica filled its pipeline. */
  private async reserveAndBroadcast(request: SendRequest, context: SendContext): Promise<Broadcast> {
    const unpayable = new Set<string>();
    let charged = false;
    // Bounded by the deadline: each try either sends, or marks its wallet unpayable or (for a moment) full.
    for (;;) {
      // 3. reserve
      const lane = await this.poolWallets.lanes.enter(await this.payable(unpayable), context.deadline);
      let kept = false;
      try {
        // 4. build
        const { signed, ...tx } = await request.build(lane.address);
        const prepared = await this.policy.builder.prepare(context.provider, lane.address, tx);
        const cap = gasCapFor(this.settings, request.kind);
        if (prepared.gasLimit > cap) throw gasCapExceeded(request.kind, prepared.gasLimit, cap);
        if (!charged) await this.chargeCaller(prepared.gasLimit);
        charged = true;
        const journalEntry = {
          kind: request.kind,
          request: request.request ?? {},
          signedVerifier: signed?.verifier.toLowerCase() ?? null,
          signedDigest: signed?.digest ?? null,
        };
        // 5-6. journal, broadcast: one wallet's nonces one at a time
        let funds = await this.poolWallets.balances.read(lane.address);
        let outcome = await this.poolWallets.lanes.exclusive(lane, () => this.journalAndBroadcast(lane, prepared, journalEntry, context, funds));
        if (outcome.kind === 'short') {
          // The reading may predate a top-up, or count mined transactions at their maximum: ask the chain before refusing.
          funds = await this.poolWallets.balances.read(lane.address, { fresh: true });
          outcome = await this.poolWallets.lanes.exclusive(lane, () => this.journalAndBroadcast(lane, prepared, journalEntry, context, funds));
        }
        if (outcome.kind === 'sent') {
          kept = true;
          return { row: outcome.row, lane, broadcast: outcome.broadcast, at: Date.now() };
        }
        if (outcome.kind === 'short') unpayable.add(lane.address);
        // 'full': other replicas filled the wallet's pipeline (this process counts only its own sends).
        if (outcome.kind === 'full') this.poolWallets.lanes.markFull(lane);
      } finally {
        if (!kept) this.poolWallets.lanes.leave(lane);
      }
      if (Date.now() >= context.deadline) throw allWalletsBusy();
    }
  }

  /** Steps 5-6 for one transaction on `lane`, inside its exclusive section. */
  private async journalAndBroadcast(
    lane: Lane,
    prepared: PreparedTransaction,
    entry: { kind: string; request: unknown; signedVerifier: string | null; signedDigest: string | null },
    { provider, chainId, beacons, key }: SendContext,
    funds: BalanceReading,
  ): Promise<LaneOutcome> {
    for (let round = 0; round < NONCE_ATTEMPTS; round++) {
      const nonce = lane.nextNonce ?? (await this.poolWallets.nonces.sync(lane.address, provider));
      const signedTx = await this.policy.builder.sign(this.poolWallets.keys.wallet(lane.address), prepared, nonce, chainId);
      let inserted;
      try {
        inserted = await this.records.store.journal(
          {
            ...entry,
            idempotencyKey: key,
            beacons,
            wallet: lane.address,
            nonce,
            chainId: Number(chainId),
            hash: signedTx.hash,
            rawTx: signedTx.rawTx,
            maxCost: prepared.maxCost,
          },
          { balance: funds.balance, readAt: funds.at, floor: this.settings.walletMinBalanceWei, maxInFlight: this.settings.maxInFlightPerWallet },
        );
      } catch (error) {
        if (error instanceof JournalConflictError && error.on === 'idempotency_key') throw new KeyTakenError();
        // A live row holds the nonce, or these very bytes were journaled (and mined) before: the stored nonce is stale.
        if (error instanceof JournalConflictError) {
          this.poolWallets.lanes.markContended(lane);
          lane.nextNonce = await this.poolWallets.nonces.sync(lane.address, provider);
          continue;
        }
        throw error;
      }
      if (inserted.kind === 'nonce-moved') {
        // Another replica sent on this wallet since our last send here.
        this.poolWallets.lanes.markContended(lane);
        lane.nextNonce = inserted.nextNonce;
        continue;
      }
      if (inserted.kind !== 'journaled') return inserted;
      const row = inserted.row;
      lane.nextNonce = nonce + 1;
      await this.policy.observers.afterJournal({ id: row.id, hash: row.txHash, wallet: row.wallet, nonce: row.nonce });

      // An unreachable node throws 502 here and the row stays pending: it may or may not have arrived.
      const outcome = await broadcastRaw(provider, signedTx.rawTx);
      switch (outcome.kind) {
        case 'accepted':
          return { kind: 'sent', row, broadcast: true };
        case 'nonce-taken': {
          // Our own bytes may have landed already (a reconciler re-sent them): check first, and once
          // more after a moment when the node still calls the nonce taken (it may be counting a
          // block it is still mining: see RowReconciler.reconcile).
          let settled = await this.records.rows.reconcile(row, provider);
          if (settled === 'nonce-taken') {
            await sleep(REPLACED_RECHECK_MS);
            settled = await this.records.rows.reconcile(row, provider);
          }
          if (settled === 'confirmed' || settled === 'reverted' || settled === 'in-mempool' || settled === 'rebroadcast')
            return { kind: 'sent', row, broadcast: false };
          if (settled === 'nonce-taken')
            await this.records.store.markReplaced(row.id, `nonce ${nonce} is taken by another transaction: ${errorText(outcome.error)}`);
          if (settled === 'refused') throw transactionRejected(row.txHash, outcome.error);
          this.logger.warn(`wallet ${lane.address}: nonce ${nonce} was taken; resyncing from the chain`);
          lane.nextNonce = await this.poolWallets.nonces.sync(lane.address, provider);
          continue;
        }
        case 'insufficient-funds':
          await this.records.store.markRefused(row.id, `refused by the node: ${errorText(outcome.error)}`);
          poolMetrics.failed.inc({ reason: 'rejected' });
          await this.reopenNonce(lane, nonce);
          return { kind: 'short' };
        case 'refused':
          await this.records.store.markRefused(row.id, `refused by the node: ${errorText(outcome.error)}`);
          poolMetrics.failed.inc({ reason: 'rejected' });
          await this.reopenNonce(lane, nonce);
          throw transactionRejected(row.txHash, outcome.error);
      }
    }
    // Other replicas (or something outside the pool) keep taking this wallet's next nonce, and nothing of
    // this send is live in the journal: another wallet, as for a full pipeline (it was a 500).
    this.logger.warn(`wallet ${lane.address}: no usable nonce after ${NONCE_ATTEMPTS} attempts; trying another wallet`);
    return { kind: 'full' };
  }

  /**
   * A refused transaction's nonce is free again: the next one takes it unless another replica
   * already went past it, in which case the receipt waits of the later nonces fill it (RowReconciler.healBelow).
   */
  private async reopenNonce(lane: Lane, nonce: number): Promise<void> {
    lane.nextNonce = (await this.records.store.setNextNonce(lane.address, nonce + 1, nonce).catch(() => false)) ? nonce : null;
  }

  /** The wallets above the floor by their cached balances, but `unpayable`; 503 insufficient gas when none. */
  private async payable(unpayable: ReadonlySet<string>): Promise<string[]> {
    const floor = this.settings.walletMinBalanceWei;
    const balances = await this.poolWallets.balances.balances(this.poolWallets.keys.addresses);
    const payable = this.poolWallets.keys.addresses.filter((address) => {
      const balance = balances.get(address);
      return !unpayable.has(address) && balance !== null && balance !== undefined && balance > floor;
    });
    if (payable.length === 0) throw insufficientGas(floor);
    return payable;
  }

  /** Counts the transaction against the requesting token's limits, once per send (429 over them). */
  private async chargeCaller(gasLimit: bigint): Promise<void> {
    const caller = currentToken();
    if (caller) await this.policy.usage.charge(caller.tokenHash, gasLimit);
  }

  /**
   * The earlier transaction of an idempotency key: its outcome (waiting for its receipt,
   * re-sending its bytes if the node lost them), or null when it never made it on chain
   * and the key is free again. No request comparison here: the key's claim
   * (IdempotencyInterceptor) already checked that this is the same request.
   */
  private async replay(key: string, { provider, chainId }: SendContext): Promise<SentTransaction | null> {
    let row = await this.records.store.liveByKey(key);
    if (!row) return null;
    if (row.status === 'pending') {
      await this.records.rows.reconcile(row, provider);
      row = await this.records.store.byId(row.id);
      if (!row || (row.status !== 'pending' && row.blockNumber === null)) return null;
    }
    const receipt = await this.records.receipts.wait(row, provider, chainId, this.stopping.signal);
    if (!receipt) throw receiptTimeout(row.txHash);
    if (row.status === 'pending' && (await this.records.store.markMined(row.id, receipt))) recordMined(receipt, null);
    return this.outcome(row, receipt, true);
  }

  private outcome(row: TxJournalRow, receipt: TransactionReceipt, replayed: boolean): SentTransaction {
    return {
      hash: receipt.hash.toLowerCase(),
      wallet: row.wallet,
      nonce: row.nonce,
      journalId: row.id,
      status: receipt.status === 1 ? 'confirmed' : 'failed',
      receipt,
      replayed,
    };
  }

  /** The RPC's chain id, which must be CHAIN_ID when that is set (never sign for another chain). */
  private async checkedChainId(provider: JsonRpcProvider): Promise<bigint> {
    const { chainId } = await provider.getNetwork();
    if (this.settings.chainId !== undefined && chainId !== BigInt(this.settings.chainId)) {
      throw new ChainUnavailableError(new Error(`the RPC serves chain ${chainId}, CHAIN_ID is ${this.settings.chainId}`));
    }
    return chainId;
  }
}

/** The pool metrics of a mined transaction; `broadcastAt` null when another send broadcast it. */
function recordMined(receipt: TransactionReceipt, broadcastAt: number | null): void {
  if (broadcastAt !== null) poolMetrics.receiptLatency.observe((Date.now() - broadcastAt) / 1000);
  poolMetrics.gasUsed.inc(Number(receipt.gasUsed));
  poolMetrics.feesPaid.inc(Number(receipt.gasUsed * receipt.gasPrice));
  if (receipt.status !== 1) poolMetrics.failed.inc({ reason: 'reverted' });
}

function toList(beacons: string | string[] | undefined): string[] {
  if (beacons === undefined) return [];
  return [...new Set((Array.isArray(beacons) ? beacons : [beacons]).map((b) => b.toLowerCase()))].sort();
}
