import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

/** The caller of the request being served, as the wallet pool charges it: the token's sha256 only. */
export interface TokenContext {
  tokenHash: string;
}

const storage = new AsyncLocalStorage<TokenContext>();

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Runs `fn` with `context` as the current caller (its async continuations included). */
export function runAsToken<T>(context: TokenContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The current request's caller; undefined outside a token-authenticated request (the reconciler, tests). */
export function currentToken(): TokenContext | undefined {
  return storage.getStore();
}

/** Runs `fn` as no caller (its async continuations included): work a request starts but nobody asked for, e.g. touches. */
export function outsideToken<T>(fn: () => T): T {
  return storage.exit(fn);
}
