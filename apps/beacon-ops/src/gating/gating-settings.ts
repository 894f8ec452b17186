import { flag, integer, setting } from '@perp/settings';

/**
 * Publish gating of /update_beacon_with_ecdsa_adapter (gating/). Off unless PUBLISH_GATING=true:
 * a gated update answers `data: null` where today's clients get a transaction hash, so an operator
 * turns it on knowingly (the-beaconator's defaults, 840 s and no floor, are the defaults here).
 */
export const gatingSettingsSpec = {
  publishGating: setting('PUBLISH_GATING', flag, { default: 'false' }),
  /**
   * An unchanged measurement (equal to the last one sent for the beacon) is sent again only this long
   * after it; 0 sends every unchanged value. 840 s: just under the updaters' 15-minute cadence, so an
   * unchanged value every 900 s always goes through.
   */
  publishHeartbeatSeconds: setting('PUBLISH_HEARTBEAT_SECONDS', integer({ min: 0, max: 604_800 }), { default: '840' }),
  /**
   * At most one publish per beacon in this many seconds, changed value or not; 0 (default) no floor:
   * a floor delays real changes, so it is a per-deployment choice, not a default.
   */
  publishMinIntervalSeconds: setting('PUBLISH_MIN_INTERVAL_SECONDS', integer({ min: 0, max: 604_800 }), { default: '0' }),
  /**
   * The tiers, from market-data's open interest and capacity of the beacon's markets (read where touch
   * reads them: TOUCH_MARKET_DATA_URL, its key and cache; no URL, no tiers). A dormant beacon (no market,
   * or none with open interest or capacity) publishes only at the heartbeat, changed value or not.
   */
  publishTiers: setting('PUBLISH_TIERS', flag, { default: 'true' }),
  /** The floor of an idle beacon (capacity, no open interest); 0 (default): as an active one, PUBLISH_MIN_INTERVAL_SECONDS. */
  publishIdleMinIntervalSeconds: setting('PUBLISH_IDLE_MIN_INTERVAL_SECONDS', integer({ min: 0, max: 604_800 }), { default: '0' }),
};
