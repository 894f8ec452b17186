/**
 * Default headroom over eth_estimateGas. An estimate is the exact minimum for the state and block
 * time it was simulated at; the mined transaction can cost more (a beacon first updated in the
 * second it was created, another replica's update landing first). Too tight a limit burns the gas
 * of a failed transaction, and in an aggregate3(allowFailure=true) batch it is worse: an inner call
 * that runs out of gas is swallowed and reported as a failed entry.
 */
export const DEFAULT_GAS_HEADROOM_PERCENT = 25;

export function withGasHeadroom(estimate: bigint, percent = DEFAULT_GAS_HEADROOM_PERCENT): bigint {
  return (estimate * BigInt(100 + percent)) / 100n;
}
