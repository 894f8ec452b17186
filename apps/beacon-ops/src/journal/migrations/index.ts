import { WalletPoolJournal1767312000000 } from './1767312000000-wallet-pool-journal';
import { WalletFunds1767398400000 } from './1767398400000-wallet-funds';
import { SignedDigestsAndTokenUsage1767484800000 } from './1767484800000-signed-digests-and-token-usage';
import { PipelinedPool1767657600000 } from './1767657600000-pipelined-pool';
import { OneIdempotencyLayer1767744000000 } from './1767744000000-one-idempotency-layer';
import { PublishGating1767830400000 } from './1767830400000-publish-gating';

/** In order; classes, not a glob, so the bundled app carries them. */
export const JOURNAL_MIGRATIONS = [
  WalletPoolJournal1767312000000,
  WalletFunds1767398400000,
  SignedDigestsAndTokenUsage1767484800000,
  PipelinedPool1767657600000,
  OneIdempotencyLayer1767744000000,
  PublishGating1767830400000,
];
