import { getAddress, id, type Log } from 'ethers';
import { publicSignalsValue } from './public-signals';

/** topic0 of `DataUpdated(uint256)`, emitted by Beacon and VerifiableBeacon on every accepted update. */
export const DATA_UPDATED_TOPIC = id('DataUpdated(uint256)');

export interface BatchUpdateEntry {
  beacon: string;
  publicSignals: string;
}

type LogLike = Pick<Log, 'address' | 'topics' | 'data'>;

/**
 * Tells which entries of one aggregate3(allowFailure=true) update batch were applied, from that
 * transaction's own receipt logs. A failed call's logs are rolled back and successful calls log in
 * call order, so walking entries and logs together in order matches each DataUpdated to its entry
 * (same beacon, same value). Ambiguity remains only when one batch holds two entries for the same
 * beacon and value where the first fails and the second succeeds; reject such duplicates upfront.
 */
export function matchBatchUpdateLogs(logs: readonly LogLike[], entries: readonly BatchUpdateEntry[]): boolean[] {
  const updates = logs.filter((log) => log.topics[0] === DATA_UPDATED_TOPIC).map((log) => ({ address: getAddress(log.address), value: BigInt(log.data) }));
  let cursor = 0;
  return entries.map((entry) => {
    const beacon = getAddress(entry.beacon);
    let expected: bigint | undefined;
    try {
      expected = publicSignalsValue(entry.publicSignals);
    } catch {
      expected = undefined; // our beacons reject it, a foreign one might not: match on address only
    }
    for (let i = cursor; i < updates.length; i++) {
      if (updates[i].address === beacon && (expected === undefined || updates[i].value === expected)) {
        cursor = i + 1;
        return true;
      }
    }
    return false;
  });
}
