// Kept only for tools/dev-stack/main.ts, which still imports this path: the simulator is libs/market-sim.
export { PRESETS } from '@perp/market-sim';
export type { Preset } from '@perp/market-sim';
