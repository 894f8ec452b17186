import { priceToSqrtX96 } from '@perp/x96-math';
import { Preset } from './presets';
import { Rng } from './rng';
import { alignDown, tickAtSqrtPrice } from './tick-at-sqrt-price';

export type MarketKind = 'active' | 'stale' | 'inactive' | 'unsnapshotted';

/** The protocol's parameter ranges (1e6-scaled ratios and fees). */
export const PROTOCOL = {
  emaWindowSeconds: 3600,
  tickSpacing: 30,
  takerLiqMarginRatio: 50_000,
  takerBackstopMarginRatio: [20_000, 25_000],
  makerLiqMarginRatio: 900_000,
  makerBackstopMarginRatio: 800_000,
  creatorFee: 1_000,
  insuranceFee: [500, 1_000],
  lpFee: [2_000, 3_000],
  liquidationFee: [4_000, 10_000],
  protocolFees: [0, 50_000, 100_000],
  /** Opening (and margin removal) needs this margin ratio at the mark: 1.4x maintenance (about 14x leverage). */
  takerOpenMarginRatio: 70_000,
  /** Prices span below 1 to about 1000 USD per perp. */
  priceRange: [0.2, 1_000],
  /** Pool bounds: about x/÷ 100 around the launch price (ln 100 / ln 1.0001 = 46,052 ticks). */
  boundTicks: 46_080,
} as const;

export interface MarketConfig {
  index: number;
  kind: MarketKind;
  perpAddress: string;
  beaconAddress: string;
  owner: string;
  name: string;
  symbol: string;
  tokenUri: string;
  poolId: string;
  pricingModule: string;
  fundingModule: string;
  feesModule: string;
  marginRatiosModule: string;
  priceImpactModule: string;
  ticker: string | null;
  description: string | null;
  photoUrl: string | null;
  dataSource: string | null;
  cardLabel: string | null;
  protocolFee: number;
  takerBackstopMarginRatio: number;
  insuranceFee: number;
  lpFee: number;
  liquidationFee: number;
  minTick: number;
  maxTick: number;
  launchSqrtX96: bigint;
  /** Annualised volatility of the index (log returns). */
  annualVol: number;
  /** First step the price model runs at (its source series starts there). */
  modelStartStep: number;
  /** First step with a snapshot; the market exists from createdAt (slightly before). */
  createdStep: number;
  createdAt: number;
  /** Last step the indexer saw for this market (inclusive); -1 when it has no snapshot yet. */
  horizonStep: number;
  /** Steps before this one are pre-boundary (source index); from it on, the chain's. */
  boundaryStep: number;
  boundaryTs: number;
  positions: number;
}

/** What a market is about: its name and symbol, and the cosmetic fields an operator would set. */
export interface MarketTheme {
  name: string;
  symbol: string;
  source: string;
  label: string;
}

/** Shared with the chain driver, whose markets on the dev chain take the same names. */
export const MARKET_THEMES: MarketTheme[] = [
  { name: 'Bitcoin Hashrate', symbol: 'HASH', source: 'mempool.space', label: 'Mining' },
  { name: 'Ethereum Gas Price', symbol: 'GAS', source: 'etherscan gas tracker', label: 'Network' },
  { name: 'US CPI YoY', symbol: 'CPI', source: 'BLS', label: 'Macro' },
  { name: 'NYC Temperature', symbol: 'NYCT', source: 'NOAA', label: 'Weather' },
  { name: 'Spotify Top Artist Streams', symbol: 'SPOT', source: 'Spotify charts', label: 'Culture' },
  { name: 'Solana TPS', symbol: 'STPS', source: 'Solana explorer', label: 'Network' },
  { name: 'Base Daily Transactions', symbol: 'BASETX', source: 'basescan', label: 'Network' },
  { name: 'Stablecoin Supply', symbol: 'STBL', source: 'DefiLlama', label: 'DeFi' },
  { name: 'AI Compute Price', symbol: 'GPU', source: 'GPU rental index', label: 'Compute' },
  { name: 'GitHub Stars of Bun', symbol: 'BUN', source: 'GitHub API', label: 'Dev' },
  { name: 'Twitch Viewers', symbol: 'TWCH', source: 'Twitch API', label: 'Culture' },
  { name: 'Lithium Spot', symbol: 'LITH', source: 'commodity feed', label: 'Commodities' },
  { name: 'Uniswap Volume', symbol: 'UNIV', source: 'Uniswap subgraph', label: 'DeFi' },
  { name: 'London Air Quality', symbol: 'LAQ', source: 'OpenAQ', label: 'Weather' },
  { name: 'NFT Floor Index', symbol: 'NFTF', source: 'marketplace API', label: 'NFT' },
  { name: 'Steam Concurrent Users', symbol: 'STEAM', source: 'Steam API', label: 'Gaming' },
];

/** Market `index`'s theme, name and symbol (past the last theme, the names repeat with a round number). */
export function themedMarket(index: number): { theme: MarketTheme; name: string; symbol: string } {
  const theme = MARKET_THEMES[index % MARKET_THEMES.length];
  const round = Math.floor(index / MARKET_THEMES.length);
  return round === 0 ? { theme, name: theme.name, symbol: theme.symbol } : { theme, name: `${theme.name} ${round + 1}`, symbol: `${theme.symbol}${round + 1}` };
}

/** The kinds of a preset's markets in a fixed order: specials spread among the ordinary ones. */
function kinds(preset: Preset): MarketKind[] {
  const { stale, inactive, unsnapshotted } = preset.mix;
  const active = preset.markets - stale - inactive - unsnapshotted;
  if (active < 1) throw new Error(`Preset ${preset.name} needs at least one ordinary market`);
  const out: MarketKind[] = Array(active).fill('active');
  const specials: MarketKind[] = [
    ...Array<MarketKind>(stale).fill('stale'),
    ...Array<MarketKind>(inactive).fill('inactive'),
    ...Array<MarketKind>(unsnapshotted).fill('unsnapshotted'),
  ];
  // Market 0 stays ordinary (the longest history); specials are spread evenly after it.
  const total = preset.markets;
  specials.forEach((kind, i) => out.splice(Math.max(1, Math.round(((i + 1) * total) / (specials.length + 1))), 0, kind));
  return out;
}

/** Splits `total` into integer parts proportional to `weights` (largest remainder). */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (sum === 0 ? 0 : (total * w) / sum));
  const parts = raw.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  for (let j = 0; left > 0; j = (j + 1) % order.length, left--) parts[order[j][1]]++;
  return parts;
}

export interface Timeline {
  /** Unix seconds of the indexer's "now". */
  end: number;
  intervalSeconds: number;
  /** Number of snapshot ticks; tick k is at start + k * interval, the last one at end - interval. */
  steps: number;
  start: number;
}

export function timeline(preset: Preset, end: number): Timeline {
  const steps = Math.round((preset.days * 86_400) / preset.intervalSeconds);
  return { end, intervalSeconds: preset.intervalSeconds, steps, start: end - steps * preset.intervalSeconds };
}

export function stepTime(time: Timeline, step: number): number {
  return time.start + step * time.intervalSeconds;
}

/** Every market of a preset: identity, cosmetics, protocol parameters and life cycle. */
export function setUpMarkets(preset: Preset, time: Timeline, rng: Rng): MarketConfig[] {
  const kindList = kinds(preset);
  const n = kindList.length;
  const K = time.steps;
  const perStep = time.intervalSeconds;
  // Launch prices stratified over the log range, in shuffled order, so a small preset still spans it.
  const order = [...Array(n).keys()];
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const [pLo, pHi] = PROTOCOL.priceRange;
  const tickers = new Set<string>();
  const configs: MarketConfig[] = kindList.map((kind, index) => {
    const r = rng.fork(`market-${index}`);
    const { theme, name, symbol } = themedMarket(index);
    const ticker = index > 0 && r.chance(preset.noTickerShare) ? null : symbol;
    if (ticker) tickers.add(ticker);
    const perpAddress = r.address();

    const price = Math.exp(Math.log(pLo) + ((Math.log(pHi) - Math.log(pLo)) * (order[index] + r.uniform(0.1, 0.9))) / n);
    const launchSqrtX96 = priceToSqrtX96(price.toPrecision(8));
    const launchTick = tickAtSqrtPrice(launchSqrtX96);
    const spacing = PROTOCOL.tickSpacing;
    const minTick = alignDown(launchTick - PROTOCOL.boundTicks, spacing);
    const maxTick = alignDown(launchTick + PROTOCOL.boundTicks, spacing) + spacing;

    let createdStep: number;
    let createdAt: number;
    let horizonStep: number;
    let modelStartStep: number;
    let boundaryStep: number;
    if (kind === 'unsnapshotted') {
      // Created after the last tick: it has a pool and a backfilled source series, no snapshot yet.
      createdStep = K;
      horizonStep = -1;
      createdAt = time.end - r.int(5, perStep - 5);
      modelStartStep = Math.max(0, K - Math.round((2 * 86_400) / perStep));
      boundaryStep = K;
    } else {
      createdStep = index === 0 ? 0 : Math.floor(r.uniform(0, 0.1) * K);
      createdAt = stepTime(time, createdStep) - r.int(1, perStep - 1);
      modelStartStep = createdStep;
      const life = K - createdStep;
      horizonStep = kind === 'stale' ? K - 1 - Math.round(7_200 / perStep) : kind === 'inactive' ? createdStep + Math.floor(r.uniform(0.5, 0.7) * life) : K - 1;
      boundaryStep = createdStep + Math.floor(r.uniform(0.3, 0.7) * life);
    }
    const described = r.chance(0.8);
    return {
      index,
      kind,
      perpAddress,
      beaconAddress: r.address(),
      owner: r.address(),
      name,
      symbol,
      tokenUri: `ipfs://bafy${r.hex(16)}/${symbol.toLowerCase()}.json`,
      poolId: `0x${r.hex(32)}`,
      pricingModule: r.address(),
      fundingModule: r.address(),
      feesModule: r.address(),
      marginRatiosModule: r.address(),
      priceImpactModule: r.address(),
      ticker,
      description: described ? `Perpetual on ${name.toLowerCase()}, settled against its ${theme.label.toLowerCase()} beacon.` : null,
      photoUrl: described ? `https://assets.perp.city/markets/${symbol.toLowerCase()}.png` : null,
      dataSource: described ? theme.source : null,
      cardLabel: r.chance(0.7) ? theme.label : null,
      protocolFee: r.pick(PROTOCOL.protocolFees),
      takerBackstopMarginRatio: r.int(PROTOCOL.takerBackstopMarginRatio[0] / 500, PROTOCOL.takerBackstopMarginRatio[1] / 500) * 500,
      insuranceFee: r.int(PROTOCOL.insuranceFee[0] / 100, PROTOCOL.insuranceFee[1] / 100) * 100,
      lpFee: r.int(PROTOCOL.lpFee[0] / 100, PROTOCOL.lpFee[1] / 100) * 100,
      liquidationFee: r.int(PROTOCOL.liquidationFee[0] / 500, PROTOCOL.liquidationFee[1] / 500) * 500,
      minTick,
      maxTick,
      launchSqrtX96,
      annualVol: r.uniform(0.5, 1.5),
      modelStartStep,
      createdStep,
      createdAt,
      horizonStep,
      boundaryStep,
      boundaryTs: stepTime(time, boundaryStep),
      positions: 0,
    };
  });
  if (tickers.size !== configs.filter((c) => c.ticker).length) throw new Error('Tickers must be unique');

  // Positions: the unsnapshotted markets get a handful (the first one only), the rest by active life x appetite.
  const firstUnsnapshotted = configs.find((x) => x.kind === 'unsnapshotted');
  const special = configs.map((c): number => (c === firstUnsnapshotted ? 3 : 0));
  const rest = preset.positions - special.reduce((a, b) => a + b, 0);
  const weights = configs.map((c) =>
    c.kind === 'unsnapshotted' ? 0 : (c.horizonStep - c.createdStep + 1) * rng.fork(`appetite-${c.index}`).logNormal(1, 0.4),
  );
  const shares = apportion(rest, weights);
  configs.forEach((c, i) => (c.positions = special[i] + shares[i]));
  return configs;
}
