// The printed form of a drive: addresses and counts, bigints as decimal strings.
import type { DriveResult } from './drive-preset';

export function summary(d: DriveResult) {
  return {
    preset: d.preset,
    seed: d.seed,
    chainId: Number(d.chainId),
    factory: d.factory,
    poolManager: d.poolManager,
    multicall3: d.multicall3,
    usdc: d.usdc,
    markets: d.markets.map((m) => ({
      perp: m.perp,
      poolId: m.poolId,
      beacon: m.beacon,
      openTakers: m.takers.length,
      openMakers: m.makers.length,
      ...m.counts,
    })),
    counts: d.counts,
    liquidatable: d.liquidatable.map((l) => ({ market: l.market, posId: l.posId.toString() })),
    history: { ...d.history, startIso: new Date(d.history.start * 1000).toISOString(), endIso: new Date(d.history.end * 1000).toISOString() },
    driveSeconds: d.driveMs / 1000,
    eventsPerSecond: d.eventsPerSecond,
  };
}
