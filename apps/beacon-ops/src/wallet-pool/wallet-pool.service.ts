import { BeforeApplicationShutdown, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { JsonRpcProvider, TransactionReceipt } from 'ethers';
import { Chain } from '../chain/chain.module';
import { ChainUnavailableError } from '../chain/chain-unavailable.error';
import { gasCapExceeded, gasCapFor } from '../gas-policy';
import { TxJournalRow } from '../journal/tx-journal.entity';
import { requestFingerprint } from '../idempotency/request-fingerprint';
import { currentToken } from '../rate-limits/token-context';
import { TokenUsage } from '../rate-limits/token-usage';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { BalanceCache } from './balance-cache';
import { BeaconLocks, BeaconLockScope, HeldLocks, LockStatement } from './beacon-locks';
import { broadcastRaw, errorText } from './broadcast';
import { NonceSync } from './nonce-sync';
import { allWalletsBusy, idempotencyKeyReused, insufficientGas, receiptTimeout, TransactionRejectedError } from './pool-errors';
import { PoolKeys } from './pool-keys';
import { waitForReceipt } from './receipt-waiter';
import { RowReconciler } from './row-reconciler';
import { SendRequest, SentTransaction } from './send-request';
import { TransactionBuilder } from './transaction-builder';
import { FundsShortError, JournalConflictError, TxJournal } from './tx-journal';
import { WalletFunds } from './wallet-funds';
import { WALLET_POOL_HOOKS, WalletPoolHooks } from './wallet-pool-hooks';
import { LeaseLostError, Turn, WalletLease, WalletLeases } from './wallet-leases';

/** Re-signs with a fresh nonce at most this often per wallet before giving up. */
const NONCE_ATTEMPTS = 4;
/** Longest pause between two looks for a free wallet (a local release wakes us sooner). */
const LEASE_POLL_MS = 200;
/** On shutdown, in-flight sends get this long to reach their receipt. */
const SHUTDOWN_GRACE_MS = 10_000;

/** `sent`: journaled and on its way; `broadcast`: our own eth_sendRawTransaction was accepted (recorded with the receipt). */
type Attempt = { kind: 'sent'; row: TxJournalRow; broadcast: boolean } | { kind: 'unpayable' } | { kind: 'lease-lost' };

interface SendContext {
  provider: JsonRpcProvider;
  chainId: bigint;
  beacons: string[];
  key: string | null;
  fingerprint: string;
}

/**
 * How a send's first try for a wallet starts: a lease taken with its beacon lock, or else the
 * turn a local release handed it (WalletLeases), if any.
 */
interface FirstTry {
  lease: WalletLease | null;
  turn: Turn | null;
}

/** Another send took the idempotency key between our check and our insert. */
class KeyTakenError extends Error {}

/**
 * Sends transactions from the wallet pool, crash-safely:
 * 1. (idempotency key) a live journal row for the key: wait for its receipt, send nothing;
 * 2. take the beacons' locks; lease the least-recently-used payable wallet;
 * 3. build, estimate, check the wallet's accounted funds keep it above the floor (WalletFunds),
 *    pick the nonce (NonceSync);
 * 4. sign locally; in one fenced statement, journal the row (pending, raw tx, hash), advance
 *    next_nonce and commit the transaction's maximum cost; only then broadcast;
 * 5. poll for the receipt, bounded by RECEIPT_TIMEOUT_MS (504 with the hash after that;
 *    the reconciler finishes the row); release the lease.
 */
@Injectable()
export class WalletPool implements BeforeApplicationShutdown {
  private readonly logger = new Logger('WalletPool');
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();
  /** Send requests already counted against their token: a retry on another wallet is not a second transaction. */
  private readonly charged = new WeakSet<SendRequest>();

  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly chain: Chain,
    private readonly keys: PoolKeys,
    private readonly leases: WalletLeases,
    private readonly balances: BalanceCache,
    private readonly funds: WalletFunds,
    private readonly beaconLocks: BeaconLocks,
    private readonly journal: TxJournal,
    private readonly nonces: NonceSync,
    private readonly rows: RowReconciler,
    private readonly builder: TransactionBuilder,
    private readonly usage: TokenUsage,
    @Optional() @Inject(WALLET_POOL_HOOKS) private readonly hooks?: WalletPoolHooks,
  ) {}

  /** Counts the transaction against the requesting token's limits, once per send request (429 over them). */
  private async chargeCaller(request: SendRequest, gasLimit: bigint): Promise<void> {
    const caller = currentToken();
    if (!caller || this.charged.has(request)) return;
    await this.usage.charge(caller.tokenHash, gasLimit);
    this.charged.add(request);
  }

  /**
   * Sends one transaction and waits for its receipt. Errors (BeaconOpsError unless noted):
   * 503 insufficient gas / all wallets busy / beacon busy, 502 ChainUnavailableError,
   * 504 no receipt in time, 422 idempotency key reused with another request,
   * 422 TransactionWouldRevertError (estimate reverted, nothing sent).
   */
  send(request: SendRequest): Promise<SentTransaction> {
    const job = this.execute(request);
    this.inFlight.add(job);
    void job.finally(() => this.inFlight.delete(job)).catch(() => undefined);
    return job;
  }

  /**
   * Runs `work` holding the beacons' locks (bounded wait, then 503): for a route that
   * simulates before sending. A `send` inside given `lockScope: scope` does not wait for
   * those beacons again.
   */
  withBeaconLock<T>(beaconAddress: string | string[], work: (scope: BeaconLockScope) => Promise<T>): Promise<T> {
    return this.beaconLocks.withLocks(toList(beaconAddress), (_held, scope) => work(scope));
  }

  /** Pool wallets and their balances (null while the chain does not answer); never keys. */
  async wallets(): Promise<{ address: string; balanceWei: bigint | null }[]> {
    const balances = await this.balances.balances(this.keys.addresses).catch(() => new Map<string, bigint | null>());
    return this.keys.addresses.map((address) => ({ address, balanceWei: balances.get(address) ?? null }));
  }

  async beforeApplicationShutdown(): Promise<void> {
    const pending = Promise.allSettled([...this.inFlight]);
    await Promise.race([pending, new Promise((resolve) => setTimeout(resolve, Math.min(SHUTDOWN_GRACE_MS, this.settings.receiptTimeoutMs)).unref())]);
    this.stopping.abort();
  }

  private async execute(request: SendRequest): Promise<SentTransaction> {
    if (!request.kind) throw new Error('SendRequest.kind is required');
    const beacons = toList(request.beaconAddress);
    const key = request.idempotencyKey ?? null;
    const fingerprint = requestFingerprint({ kind: request.kind, request: request.request ?? null, beacons });
    const provider = await this.chain.provider();
    const chainId = await this.checkedChainId(provider);

    if (key) {
      const replayed = await this.replay(key, fingerprint, provider);
      if (replayed) return replayed;
    }
    await this.leases.register(this.keys.addresses);
    const deadline = Date.now() + this.settings.leaseWaitMs;
    // While this process holds every wallet, the lock statement below could lease none: wait for a release first.
    const turn = await this.leases.untilOneIsFreeHere(await this.payable(new Set()), deadline);
    // The last beacon lock and the first try for a wallet go in one statement.
    let first: WalletLease | null = null;
    const lastLock: LockStatement = async (beacon, token, ttlMs) => {
      const taken = await this.leases.tryAcquireWithLock(await this.payable(new Set()), { beacon, token, ttlMs }, turn);
      first = taken.lease;
      return taken.locked;
    };
    const context = { provider, chainId, beacons, key, fingerprint };
    return this.beaconLocks.withLocks(
      beacons,
      (locks) => {
        const leased = first;
        first = null;
        return this.sendLocked(request, context, locks, deadline, { lease: leased, turn });
      },
      { scope: request.lockScope, lastLock },
    );
  }

  /** The send under the beacons' locks; `start.lease` is released here unless its transaction is sent. */
  private async sendLocked(request: SendRequest, context: SendContext, locks: HeldLocks | null, deadline: number, start: FirstTry): Promise<SentTransaction> {
    let leased = start.lease;
    const { provider, key, fingerprint } = context;
    let sent: { row: TxJournalRow; lease: WalletLease; broadcast: boolean };
    try {
      if (key) {
        // The first send with this key may have finished while we waited for the lock.
        const replayed = await this.replay(key, fingerprint, provider);
        if (replayed) return replayed;
      }
      const lease = leased;
      leased = null; // leaseAndBroadcast keeps it or releases it
      sent = await this.leaseAndBroadcast(request, context, deadline, { lease, turn: start.turn });
    } catch (error) {
      // The chain may come back reset (a dev anvil): no nonce is trusted without a check then.
      if (error instanceof ChainUnavailableError) this.nonces.forget();
      if (error instanceof KeyTakenError && key) {
        const replayed = await this.replay(key, fingerprint, provider);
        if (replayed) return replayed;
      }
      throw error;
    } finally {
      if (leased) await this.leases.release(leased, { used: false }).catch(() => undefined);
    }
    let receipt: TransactionReceipt | null = null;
    let released = false;
    try {
      receipt = await this.receiptOf(provider, sent.row.txHash);
      if (receipt) {
        // Trusted before the release, so that this process' next lease of the wallet finds it.
        this.nonces.trust(sent.lease);
        await this.journal.markMinedAndRelease(sent.row.id, receipt, sent.broadcast ? 1 : 0, sent.lease, locks);
        released = true;
        this.leases.notifyRelease(sent.lease);
      }
    } finally {
      if (!released) {
        if (!receipt) this.nonces.forget(sent.lease.address);
        await this.leases
          .release(sent.lease, { used: true })
          .catch((error: unknown) => this.logger.warn(`release of ${sent.lease.address} failed: ${errorText(error)}`));
      }
    }
    if (!receipt) {
      if (sent.broadcast) await this.journal.markBroadcast(sent.row.id).catch(() => undefined);
      throw receiptTimeout(sent.row.txHash);
    }
    return this.outcome(sent.row, receipt, false);
  }

  /** `start.lease`, when there is one, is released here unless its transaction is sent. */
  private async leaseAndBroadcast(
    request: SendRequest,
    context: SendContext,
    deadline: number,
    start: FirstTry,
  ): Promise<{ row: TxJournalRow; lease: WalletLease; broadcast: boolean }> {
    const unpayable = new Set<string>();
    for (let attempt = 0; attempt < this.keys.addresses.length + NONCE_ATTEMPTS; attempt++) {
      const lease = attempt === 0 && start.lease ? start.lease : await this.acquire(unpayable, deadline, attempt === 0 ? start.turn : null);
      let kept = false;
      try {
        const outcome = await this.attempt(lease, request, context);
        if (outcome.kind === 'sent') {
          kept = true;
          return { row: outcome.row, lease, broadcast: outcome.broadcast };
        }
        if (outcome.kind === 'unpayable') unpayable.add(lease.address);
      } finally {
        if (!kept) await this.leases.release(lease, { used: false }).catch(() => undefined);
      }
    }
    throw new Error(`No transaction sent after ${this.keys.addresses.length + NONCE_ATTEMPTS} attempts`);
  }

  /** A lease on a wallet above the floor: waits (bounded) while all of them are leased. `turn`: for the first try. */
  private async acquire(unpayable: ReadonlySet<string>, deadline: number, turn: Turn | null): Promise<WalletLease> {
    for (;;) {
      const lease = await this.leases.tryAcquire(await this.payable(unpayable), turn);
      if (lease) return lease;
      const left = deadline - Date.now();
      if (left <= 0) throw allWalletsBusy();
      turn = await this.leases.nextRelease(Math.min(left, LEASE_POLL_MS * (0.5 + Math.random())));
    }
  }

  /** The wallets above the floor by their cached balances, but `unpayable`; 503 insufficient gas when none. */
  private async payable(unpayable: ReadonlySet<string>): Promise<string[]> {
    const floor = this.settings.walletMinBalanceWei;
    const balances = await this.balances.balances(this.keys.addresses);
    const payable = this.keys.addresses.filter((address) => {
      const balance = balances.get(address);
      return !unpayable.has(address) && balance !== null && balance !== undefined && balance > floor;
    });
    if (payable.length === 0) throw insufficientGas(floor);
    return payable;
  }

  /** One wallet's try: build, check funds, then journal-then-broadcast, re-signing on nonce trouble. */
  private async attempt(lease: WalletLease, request: SendRequest, { provider, chainId, beacons, key, fingerprint }: SendContext): Promise<Attempt> {
    // A stale accounted balance is refreshed from the chain while the caller builds (and simulates).
    const refreshing = lease.funds.fresh ? null : this.funds.refresh(lease.address);
    refreshing?.catch(() => undefined); // awaited below; unobserved if build throws
    const { signed, ...tx } = await request.build(lease.address);
    const prepared = await this.builder.prepare(provider, lease.address, tx);
    const cap = gasCapFor(this.settings, request.kind);
    if (prepared.gasLimit > cap) throw gasCapExceeded(request.kind, prepared.gasLimit, cap);
    await this.chargeCaller(request, prepared.gasLimit);
    // The floor holds even if this transaction burns all the gas it may (WalletFunds).
    let refreshed = refreshing && (await refreshing);
    // Before refusing, ask the chain: what was sent since the last read may have cost less than its maximum.
    if (!refreshed && !this.funds.covers(lease.funds, prepared.maxCost)) refreshed = await this.funds.refresh(lease.address);
    if (!this.funds.covers(refreshed ?? lease.funds, prepared.maxCost)) return { kind: 'unpayable' };

    let nonce = await this.nonces.nonceFor(lease, provider);
    for (let round = 0; round < NONCE_ATTEMPTS; round++) {
      const signedTx = await this.builder.sign(this.keys.wallet(lease.address), prepared, nonce, chainId);
      let row: TxJournalRow;
      try {
        row = await this.journal.insertPendingUnderLease(
          lease,
          this.settings.leaseTimeoutMs,
          {
            kind: request.kind,
            request: request.request ?? {},
            fingerprint,
            idempotencyKey: key,
            beacons,
            wallet: lease.address,
            nonce,
            chainId: Number(chainId),
            hash: signedTx.hash,
            rawTx: signedTx.rawTx,
            signed: signed ?? null,
          },
          { maxCost: prepared.maxCost, floor: this.settings.walletMinBalanceWei, refreshed },
        );
        lease.nextNonce = nonce + 1;
        // The row holds these figures now; a re-sign under this lease adds to them.
        lease.funds = { balance: (refreshed ?? lease.funds).balance, committed: (refreshed ?? lease.funds).committed + prepared.maxCost, fresh: true };
        refreshed = null;
      } catch (error) {
        if (error instanceof LeaseLostError) return { kind: 'lease-lost' };
        if (error instanceof FundsShortError) return { kind: 'unpayable' };
        if (error instanceof JournalConflictError && error.on === 'idempotency_key') throw new KeyTakenError();
        if (error instanceof JournalConflictError && error.on === 'nonce') {
          nonce = await this.nonces.nonceFor(lease, provider);
          continue;
        }
        throw error;
      }

      await this.hooks?.afterJournal?.({ id: row.id, hash: row.txHash, wallet: row.wallet, nonce: row.nonce });

      // Unreachable node: throws 502 and the row stays pending (it may or may not have arrived).
      const outcome = await broadcastRaw(provider, signedTx.rawTx);
      switch (outcome.kind) {
        case 'accepted':
          return { kind: 'sent', row, broadcast: true };
        case 'nonce-taken': {
          // Our own bytes may have landed already (a reconciler re-sent them): check first.
          const settled = await this.rows.reconcile(row, provider);
          if (settled === 'confirmed' || settled === 'reverted' || settled === 'in-mempool' || settled === 'rebroadcast')
            return { kind: 'sent', row, broadcast: false };
          if (settled === 'nonce-taken') await this.journal.markReplaced(row.id, `nonce ${nonce} is taken by another transaction: ${errorText(outcome.error)}`);
          if (settled === 'refused') throw new TransactionRejectedError(row.txHash, outcome.error);
          this.logger.warn(`wallet ${lease.address}: nonce ${nonce} was taken; resyncing from the chain`);
          nonce = await this.nonces.nonceFor(lease, provider);
          continue;
        }
        case 'insufficient-funds':
          await this.journal.markRefused(row.id, `refused by the node: ${errorText(outcome.error)}`);
          return { kind: 'unpayable' };
        case 'refused':
          await this.journal.markRefused(row.id, `refused by the node: ${errorText(outcome.error)}`);
          throw new TransactionRejectedError(row.txHash, outcome.error);
      }
    }
    throw new Error(`Wallet ${lease.address}: no usable nonce after ${NONCE_ATTEMPTS} attempts`);
  }

  /**
   * The earlier transaction of an idempotency key: its outcome (waiting for its receipt,
   * re-sending its bytes if the node lost them), or null when it never made it on chain
   * and the key is free again.
   */
  private async replay(key: string, fingerprint: string, provider: JsonRpcProvider): Promise<SentTransaction | null> {
    let row = await this.journal.liveByKey(key);
    if (!row) return null;
    if (row.requestFingerprint !== fingerprint) throw idempotencyKeyReused(key);
    if (row.status === 'pending') {
      await this.rows.reconcile(row, provider);
      row = await this.journal.byId(row.id);
      if (!row || (row.status !== 'pending' && row.blockNumber === null)) return null;
    }
    return this.settle(row, await this.receiptOf(provider, row.txHash), true);
  }

  private receiptOf(provider: JsonRpcProvider, hash: string): Promise<TransactionReceipt | null> {
    return waitForReceipt(provider, hash, {
      timeoutMs: this.settings.receiptTimeoutMs,
      pollMs: this.settings.receiptPollIntervalMs,
      signal: this.stopping.signal,
    });
  }

  private async settle(row: TxJournalRow, receipt: TransactionReceipt | null, replayed: boolean): Promise<SentTransaction> {
    if (!receipt) throw receiptTimeout(row.txHash);
    await this.journal.markMined(row.id, receipt);
    return this.outcome(row, receipt, replayed);
  }

  private outcome(row: TxJournalRow, receipt: TransactionReceipt, replayed: boolean): SentTransaction {
    return {
      hash: row.txHash,
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

function toList(beacons: string | string[] | undefined): string[] {
  if (beacons === undefined) return [];
  return [...new Set((Array.isArray(beacons) ? beacons : [beacons]).map((b) => b.toLowerCase()))].sort();
}
