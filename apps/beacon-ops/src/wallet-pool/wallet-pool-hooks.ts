/** A journal row just written, before its transaction reaches any node. */
export interface JournaledTransaction {
  id: number;
  hash: string;
  wallet: string;
  nonce: number;
}

/**
 * Optional observers of the send path. `afterJournal` runs once the row is durable and
 * before the broadcast: the point a crash must be recoverable from (the tests prove the
 * ordering and simulate crashes there); metrics could hang off it too.
 */
export interface WalletPoolHooks {
  afterJournal?(tx: JournaledTransaction): void | Promise<void>;
}

export const WALLET_POOL_HOOKS = Symbol('WALLET_POOL_HOOKS');
