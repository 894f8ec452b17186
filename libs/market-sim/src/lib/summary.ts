import { SimulationSummary } from './simulation';

/** What a run wrote, as a short report for the terminal. */
export function formatSummary(s: SimulationSummary): string {
  if (s.skipped) return 'The stores already hold data; nothing written (--if-empty).';
  const n = (x: number) => x.toLocaleString('en-US');
  const rows = Object.entries(s.rows).map(([table, count]) => `  ${table.padEnd(22)} ${n(count).padStart(12)}`);
  const kinds = Object.entries(s.markets)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(', ');
  return [
    `Simulated preset ${s.preset}, seed ${s.seed}, ${s.window.start} to ${s.window.end}`,
    `Markets: ${kinds}`,
    `Rows written:`,
    ...rows,
    `Open positions at the end: ${n(s.openPositions)}; liquidations: ${n(s.liquidations)}`,
    `Time: simulate + COPY ${s.seconds.simulateAndCopy.toFixed(1)} s, indexes + foreign keys ${s.seconds.indexes.toFixed(1)} s, candles ${s.seconds.rollups.toFixed(1)} s, vacuum + analyse ${s.seconds.analyze.toFixed(1)} s, total ${s.seconds.total.toFixed(1)} s`,
  ].join('\n');
}
