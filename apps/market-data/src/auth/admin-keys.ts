import { Inject, Injectable } from '@nestjs/common';
import { StaticTokenMatcher } from '@perp/auth';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';

/** ADMIN_API_KEYS (several at once, for rotation), compared in constant time; never stored. */
@Injectable()
export class AdminKeys {
  private readonly matcher: StaticTokenMatcher;

  constructor(@Inject(MARKET_DATA_SETTINGS) settings: MarketDataSettings) {
    this.matcher = new StaticTokenMatcher(settings.adminApiKeys);
  }

  /** Whether the presented key, given as its SHA-256 (hashApiKey: the Key store lookup needs it anyway), is an admin key. */
  isAdminDigest(digest: Buffer): boolean {
    return this.matcher.matchesDigest(digest);
  }
}
