import { randomInt } from 'node:crypto';

let lastTimestampNonce = 0n;

/**
 * The deployed adapter's nonce as the operators' service makes it: the Unix time in nanoseconds
 * (the adapter takes any unused one). Here the sub-millisecond part is random, so two replicas
 * signing the same value in the same millisecond differ, and a process never repeats or goes back.
 */
export function timestampNonce(): bigint {
  const now = BigInt(Date.now()) * 1_000_000n + BigInt(randomInt(1_000_000));
  lastTimestampNonce = now > lastTimestampNonce ? now : lastTimestampNonce + 1n;
  return lastTimestampNonce;
}
