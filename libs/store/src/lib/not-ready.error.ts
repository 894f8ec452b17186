/**
 * A dependency that answers but cannot serve yet (a store not migrated, no contracts, no key
 * set): its message is the reason /ready shows, so it names what to fix and never a secret.
 */
export class NotReadyError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotReadyError';
  }
}
