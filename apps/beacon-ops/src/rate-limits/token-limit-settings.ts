import { integer, setting } from '@perp/settings';

/**
 * What one access token may make the pool spend. Transactions are counted per calendar minute,
 * gas per calendar hour (charged at each transaction's gas limit: the most it can cost).
 * Defaults allow steady honest use (an update every second; ~500 Groth16 updates an hour)
 * while bounding what a leaked or misused token can burn.
 */
export const tokenLimitSettingsSpec = {
  transactionsPerMinute: setting('RATE_LIMIT_TRANSACTIONS_PER_MINUTE', integer({ min: 1 }), { default: '60' }),
  gasPerHour: setting('RATE_LIMIT_GAS_PER_HOUR', gasBudget, { default: '200000000' }),
};

function gasBudget(raw: string): bigint {
  if (!/^\d+$/.test(raw) || BigInt(raw) < 21_000n) throw new Error('must be an integer amount of gas, at least 21000');
  return BigInt(raw);
}
