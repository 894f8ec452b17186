// What a driven chain looks like. Much smaller than market-sim's `demo` in markets, because each
// row here is a real transaction: chain-demo must leave `npm start` well inside its time budget.

export interface ChainPreset {
  name: string;
  markets: number;
  /** Length of the history and its step (one block of trades per step, plus a block of liquidations). */
  days: number;
  intervalSeconds: number;
  /** Trader wallets (dev-mnemonic accounts), shared by every market. */
  traders: number;
  /** Maker bands opened per market before the history starts. */
  seedMakers: number;
  /** Mean number of taker opens per market and step (adjusts and closes follow the open count). */
  opensPerStep: number;
  /** Chance per market and step that a maker band opens (and another closes). */
  makerChurn: number;
  /** Annualized volatility of the index path (market-sim's PriceModel). */
  annualVol: number;
}

export const CHAIN_PRESETS: Record<string, ChainPreset> = {
  /** What the dev stack drives at start: every kind of event on a few markets, in seconds. */
  'chain-demo': {
    name: 'chain-demo',
    markets: 3,
    days: 1,
    intervalSeconds: 900,
    traders: 8,
    seedMakers: 3,
    opensPerStep: 2,
    makerChurn: 0.15,
    annualVol: 0.9,
  },
  /** The indexer benchmark's chain: about 150,000 logs (at least 100,000) in one block per step. */
  'chain-bench': {
    name: 'chain-bench',
    markets: 10,
    days: 2,
    intervalSeconds: 600,
    traders: 40,
    seedMakers: 4,
    opensPerStep: 2,
    makerChurn: 0.1,
    annualVol: 0.9,
  },
};

export function chainPreset(name: string): ChainPreset {
  const preset = CHAIN_PRESETS[name];
  if (!preset) throw new Error(`unknown chain preset "${name}" (known: ${Object.keys(CHAIN_PRESETS).join(', ')})`);
  return preset;
}
