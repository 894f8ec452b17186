import fc from 'fast-check';
import { BoundedMap } from './bounded-map';
import { CacheMetricsHook, UNMEASURED } from './cache-metrics-hook';

/** A hook that records every event as `name:event`. */
function recording(): { hook: CacheMetricsHook; events: string[] } {
  const events: string[] = [];
  const hook: CacheMetricsHook = (name) => ({
    hit: () => events.push(`${name}:hit`),
    miss: () => events.push(`${name}:miss`),
    eviction: () => events.push(`${name}:eviction`),
    refresh: () => events.push(`${name}:refresh`),
  });
  return { hook, events };
}

describe('BoundedMap', () => {
  it('evicts the least recently used past its bound, and reports hits, misses and evictions', () => {
    const { hook, events } = recording();
    const map = new BoundedMap<string, number>({ max: 2, name: 'm', metrics: hook });
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1); // a is now the most recent
    map.set('c', 3); // b goes
    expect([map.get('b'), map.get('a'), map.get('c'), map.size]).toEqual([undefined, 1, 3, 2]);
    expect(map.keys()).toEqual(['c', 'a']);
    expect(events).toEqual(['m:hit', 'm:eviction', 'm:miss', 'm:hit', 'm:hit']);
  });

  it('forgets an entry once it is ttlMs old, on a fake clock', () => {
    let now = 1_000;
    const map = new BoundedMap<string, string>({ max: 10, ttlMs: 100, now: () => now });
    map.set('k', 'v');
    now = 1_099;
    expect([map.peek('k'), map.get('k')]).toEqual(['v', 'v']);
    now = 1_100;
    expect(map.get('k')).toBeUndefined();
    expect(map.size).toBe(0);
  });

  it('keeps entries with no ttl however old; peek neither counts nor marks use', () => {
    let now = 0;
    const { hook, events } = recording();
    const map = new BoundedMap<string, number>({ max: 2, now: () => now, name: 'p', metrics: hook });
    map.set('a', 1).set('b', 2);
    now = 10 ** 9;
    expect(map.peek('a')).toBe(1);
    map.set('c', 3); // a was least recently used: peek did not mark it
    expect([map.peek('a'), map.peek('b'), map.peek('c')]).toEqual([undefined, 2, 3]);
    expect(events).toEqual(['p:eviction']);
  });

  it('delete and clear remove without counting an eviction', () => {
    const { hook, events } = recording();
    const map = new BoundedMap<string, number>({ max: 3, name: 'd', metrics: hook });
    map.set('a', 1).set('b', 2);
    expect([map.delete('a'), map.delete('a')]).toEqual([true, false]);
    map.clear();
    expect([map.size, events]).toEqual([0, []]);
  });

  it('refuses a bound or ttl it cannot keep, and a measured map without a name', () => {
    expect(() => new BoundedMap({ max: 0 })).toThrow('a bounded map needs a positive integer bound, not 0');
    expect(() => new BoundedMap({ max: 1.5 })).toThrow('a bounded map needs a positive integer bound, not 1.5');
    expect(() => new BoundedMap({ max: 1, ttlMs: -1 })).toThrow("a bounded map's ttl is at least 0 ms, not -1");
    expect(() => new BoundedMap({ max: 1, metrics: recording().hook })).toThrow('a measured cache needs a name');
  });

  it('never holds more than its bound, and holds the most recently set key, over any sequence of operations', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ kind: fc.constant('get' as const), key: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 20 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(op, { maxLength: 200 }), (max, ops) => {
        let evictions = 0;
        const map = new BoundedMap<number, number>({ max, name: 'f', metrics: () => ({ ...UNMEASURED, eviction: () => evictions++ }) });
        const model = new Map<number, number>();
        let modelEvictions = 0;
        for (const { kind, key } of ops) {
          if (kind === 'set') {
            map.set(key, key);
            model.delete(key);
            model.set(key, key);
            if (model.size > max) {
              model.delete(model.keys().next().value as number);
              modelEvictions++;
            }
            expect(map.peek(key)).toBe(key);
          } else if (kind === 'get') {
            if (map.get(key) !== undefined) {
              model.delete(key);
              model.set(key, key);
            }
          } else {
            map.delete(key);
            model.delete(key);
          }
          expect(map.size).toBeLessThanOrEqual(max);
        }
        // Exactly the least recently used went, each counted once: the map holds what a plain LRU model holds.
        expect(new Set(map.keys())).toEqual(new Set(model.keys()));
        expect(evictions).toBe(modelEvictions);
      }),
      { numRuns: 300 },
    );
  });
});
