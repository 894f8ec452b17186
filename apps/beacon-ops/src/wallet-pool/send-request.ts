import { TransactionReceipt, TransactionRequest } from 'ethers';

/** What the service's signer signed for a transaction: the contract that verifies it and the EIP-712 digest (journaled with it). */
export interface SignedMessage {
  verifier: string;
  digest: string;
}

/** A transaction to send, and what the service's signer signed for it. */
export type BuiltTransaction = TransactionRequest & { signed?: SignedMessage };

/** What a route asks the pool to send. */
export interface SendRequest {
  /** What the transaction does, e.g. `update_beacon`; journaled. */
  kind: string;
  /** The route's request (JSON), journaled for audit. */
  request?: unknown;
  /** Beacon(s) the transaction updates: their sends never overlap, across replicas, from simulation to receipt. */
  beaconAddress?: string | string[];
  /**
   * Makes the send idempotent: while a transaction sent under this key is pending or mined,
   * another send with the key waits for that one's receipt instead of sending. Pass the
   * request's Idempotency-Key as claimed by IdempotencyInterceptor, one transaction per key:
   * the claim holds the request's fingerprint (the pool compares nothing) and its purge
   * detaches the key from the journal.
   */
  idempotencyKey?: string;
  /**
   * The transaction for the chosen wallet (`to`, `data`, `value`, optional `gasLimit`:
   * estimated with gas-policy's headroom when absent; above the kind's cap it is refused, 422).
   * Runs under the beacon lock, so a simulation made here (e.g. `eth_call` from `wallet`) sees
   * no concurrent update of the same beacon. Not called when an idempotent retry replays an
   * earlier transaction.
   */
  build: (wallet: string) => BuiltTransaction | Promise<BuiltTransaction>;
}

export interface SentTransaction {
  hash: string;
  wallet: string;
  nonce: number;
  journalId: number;
  /** `failed`: mined but reverted; read the reason from the receipt/logs. */
  status: 'confirmed' | 'failed';
  receipt: TransactionReceipt;
  /** True when an earlier send with the same idempotency key produced this transaction. */
  replayed: boolean;
}
