import type { MakerBand, PositionViews } from './perp-city-reads';

/** A market's open maker bands, by position id. */
export type OpenBands = Map<bigint, MakerBand>;

/** A maker's band from its views. */
export function bandOf(posId: bigint, v: PositionViews): MakerBand {
  return { posId, tickLower: v.maker.tickLower, tickUpper: v.maker.tickUpper };
}

/**
 * The open bands after some positions were re-read: the stored ones, each re-read position's own
 * state over its stored one (a band when it is an open maker now, none when it closed or became a
 * taker).
 */
export function bandsAfter(stored: OpenBands, reread: ReadonlyMap<bigint, MakerBand | null>): OpenBands {
  const bands = new Map(stored);
  for (const [id, band] of reread) {
    if (band) bands.set(id, band);
    else bands.delete(id);
  }
  return bands;
}

/**
 * The ticks the market's ticks rows hold: every tick of an open band, ascending. A tick no open band
 * uses is not kept: v4 clears it when its last liquidity leaves (the Perp deletes its own), so a kept
 * row would hold values the chain no longer has; a band that comes back re-initializes it.
 */
export function bandTicks(bands: OpenBands): number[] {
  const ticks = new Set<number>();
  for (const b of bands.values()) ticks.add(b.tickLower).add(b.tickUpper);
  return [...ticks].sort((a, b) => a - b);
}
