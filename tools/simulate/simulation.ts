// Kept only for tools/dev-stack/main.ts, which still imports this path: the simulator is libs/market-sim.
export { runSimulation } from '@perp/market-sim';
export type { SimulationOptions, SimulationSummary } from '@perp/market-sim';
