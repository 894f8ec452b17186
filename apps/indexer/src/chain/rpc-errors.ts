/**
 * eth_getLogs refusals that mean "ask for fewer blocks". Providers word them differently:
 * geth/reth "query returned more than 10000 results", Alchemy "Log response size exceeded",
 * Infura "query returned more than 10000 results", QuickNode/Ankr "block range is too wide",
 * Erigon "exceed maximum block range", code -32005 (limit exceeded); plus our own timeouts.
 */
const TOO_MUCH = [
  /more than \d+ results/i,
  /response size/i,
  /range (is )?too (wide|large|big)/i,
  /maximum block range/i,
  /too many (results|logs)/i,
  /limit exceeded/i,
];

export function isTooManyResults(error: unknown): boolean {
  const text = describe(error);
  return TOO_MUCH.some((pattern) => pattern.test(text)) || /-32005/.test(text) || isTimeout(error);
}

export function isTimeout(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const code = (error as { code?: unknown } | null)?.code ?? (cause as { code?: unknown } | null)?.code;
  return code === 'TIMEOUT' || /timeout|timed out/i.test(describe(error));
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  if (error.name === 'RpcError' && cause !== undefined) return `${error.message} ${describe(cause)}`;
  const nested = (error as { error?: { message?: string; code?: number } }).error;
  return `${error.message} ${nested?.message ?? ''} ${nested?.code ?? ''}`;
}
