/** One cache's counters, bound to its name once (not looked up per lookup). */
export interface CacheCounters {
  /** A lookup answered from the cache (fresh, or stale while one refresh runs). */
  hit(): void;
  /** A lookup that had to load (or found nothing). */
  miss(): void;
  /** An entry pushed out by the bound (not one deleted or expired). */
  eviction(): void;
  /** A background reload of a stale entry. */
  refresh(): void;
}

/**
 * The one way every cache of this lib reports: each app wires it to its own metrics (Prometheus
 * names and labels stay the app's). `oldestAgeMs`, when the cache keeps load times, lets a gauge
 * read the age of the oldest answer at scrape time.
 */
export type CacheMetricsHook = (name: string, oldestAgeMs?: () => number | undefined) => CacheCounters;

const ignore = (): void => undefined;

/** Counters of a cache nobody measures. */
export const UNMEASURED: CacheCounters = { hit: ignore, miss: ignore, eviction: ignore, refresh: ignore };

/** What every cache of this lib may be given: a name and a hook to be measured by, and a clock (tests pass a fake one). */
export interface CacheOptions {
  /** Its name on the metrics hook; required with `metrics`. */
  name?: string;
  metrics?: CacheMetricsHook;
  /** Milliseconds; Date.now unless a test passes its own. */
  now?: () => number;
}

export function countersOf(options: CacheOptions, oldestAgeMs?: () => number | undefined): CacheCounters {
  if (!options.metrics) return UNMEASURED;
  if (!options.name) throw new Error('a measured cache needs a name');
  return options.metrics(options.name, oldestAgeMs);
}
