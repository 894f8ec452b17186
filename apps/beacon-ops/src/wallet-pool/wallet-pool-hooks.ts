import { Injectable } from '@nestjs/common';

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

/**
 * The pool's observers, attached once by the app's root module (AppModule.register): the pool
 * module stays a plain module every route module imports, whatever the app observes.
 */
@Injectable()
export class PoolObservers {
  private hooks: WalletPoolHooks = {};

  observe(hooks: WalletPoolHooks): void {
    this.hooks = hooks;
  }

  async afterJournal(tx: JournaledTransaction): Promise<void> {
    await this.hooks.afterJournal?.(tx);
  }
}
