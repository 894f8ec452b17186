import { AbiCoder, getAddress, id, type Log } from 'ethers';

/** topic0 of `BeaconCreated(address)` (both factories; the address is in the data, not indexed). */
export const BEACON_CREATED_TOPIC = id('BeaconCreated(address)');

/** Beacon addresses a transaction created, in creation order, read from its receipt logs. */
export function createdBeaconAddresses(logs: readonly Pick<Log, 'topics' | 'data'>[]): string[] {
  return logs
    .filter((log) => log.topics[0] === BEACON_CREATED_TOPIC)
    .map((log) => getAddress(AbiCoder.defaultAbiCoder().decode(['address'], log.data)[0] as string));
}
