import { VerifiableBeaconFactory__factory, VerifiableBeacon__factory, type VerifiableBeacon } from '../../generated/types';
import { stopProver } from '@perp/zk';
import { deployTestSystem, revertName, startTestChain, type TestChain } from '../../test/test-chain';
import { proveValue, UNIT } from '../../test/zk-proofs';
import { createdBeaconAddresses } from './created-beacons';
import type { BeaconSystemAddresses } from './deploy-beacon-system';

/** A value that took effect at `at` (seconds) and held until the next point. */
interface Point {
  at: number;
  value: bigint;
}

/** Time-weighted mean over [from, to] by hand, floored like the contract's integer division. */
function twapByHand(points: Point[], from: number, to: number): bigint {
  let sum = 0n;
  points.forEach((point, i) => {
    const end = Math.min(points[i + 1]?.at ?? to, to);
    const start = Math.max(point.at, from);
    if (end > start) sum += point.value * BigInt(end - start);
  });
  return sum / BigInt(to - from);
}

describe('verifiable beacon: TWAP observations', () => {
  let chain: TestChain;
  let system: BeaconSystemAddresses;

  beforeAll(async () => {
    chain = await startTestChain();
    system = await deployTestSystem(chain.wallets[0]);
  });
  afterAll(async () => {
    await stopProver();
    await chain?.stop();
  });

  async function createAt(at: number, initialData: bigint, cardinalityNext: number): Promise<VerifiableBeacon> {
    const factory = VerifiableBeaconFactory__factory.connect(system.verifiableBeaconFactory, chain.wallets[0]);
    await chain.setNextTimestamp(at);
    const receipt = await (await factory.createBeacon(system.verifier, initialData, cardinalityNext)).wait();
    return VerifiableBeacon__factory.connect(createdBeaconAddresses(receipt?.logs ?? [])[0], chain.wallets[1]);
  }

  /** A real proof of `value` (a multiple of 2^94: the circuit's X96 mean of 4 measurements). */
  async function updateAt(beacon: VerifiableBeacon, at: number, value: bigint): Promise<void> {
    const proved = await proveValue(await beacon.getAddress(), value);
    await chain.setNextTimestamp(at);
    await (await beacon.updateData(proved.proof, proved.publicSignals)).wait();
  }

  /** Reads at a block mined at exactly `at`, so block.timestamp in the view is known. */
  async function twapAt(beacon: VerifiableBeacon, at: number, secondsAgo: number): Promise<bigint> {
    return beacon.getTwap(secondsAgo, { blockTag: await minedBlockAt(at) });
  }

  const mined = new Map<number, number>();
  async function minedBlockAt(at: number): Promise<number> {
    const known = mined.get(at);
    if (known !== undefined) return known;
    await chain.mineAt(at);
    const number = await chain.provider.getBlockNumber();
    mined.set(at, number);
    return number;
  }

  it('creates with initial data and cardinality, emits BeaconCreated, owner grows the ring', async () => {
    const start = (await chain.latestTimestamp()) + 100;
    const beacon = await createAt(start, 7n << 96n, 3);
    expect(await beacon.getData()).toEqual([7n << 96n, BigInt(start)]);
    expect(await beacon.observationCardinality()).toBe(1n);
    expect(await beacon.observationCardinalityNext()).toBe(3n);
    expect(await beacon.owner()).toBe(chain.wallets[0].address);
    expect(await beacon.verifier()).toBe(system.verifier);

    expect(await revertName(beacon.increaseCardinalityNext(10))).toBe('NotOwner');
    await (await beacon.connect(chain.wallets[0]).increaseCardinalityNext(10)).wait();
    expect(await beacon.observationCardinalityNext()).toBe(10n);
    await (await beacon.connect(chain.wallets[0]).increaseCardinalityNext(4)).wait(); // never shrinks
    expect(await beacon.observationCardinalityNext()).toBe(10n);
  });

  it('getTwap over a window equals the time-weighted mean computed by hand', async () => {
    const t0 = (await chain.latestTimestamp()) + 1_000;
    const beacon = await createAt(t0, 100n * UNIT, 1);
    await (await beacon.connect(chain.wallets[0]).increaseCardinalityNext(5)).wait();
    const points: Point[] = [{ at: t0, value: 100n * UNIT }];
    for (const [offset, value] of [
      [10, 200n * UNIT],
      [30, 50n * UNIT],
      [60, 400n * UNIT],
    ] as const) {
      await updateAt(beacon, t0 + offset, value);
      points.push({ at: t0 + offset, value });
    }
    const now = t0 + 100;

    // 100*10 + 200*20 + 50*30 + 400*40 = 22500 units over 100 s.
    expect(await twapAt(beacon, now, 100)).toBe(225n * UNIT);
    expect(twapByHand(points, t0, now)).toBe(225n * UNIT);
    for (const window of [1, 25, 40, 50, 70, 75, 90, 99]) {
      expect(await twapAt(beacon, now, window)).toBe(twapByHand(points, now - window, now));
    }
    expect(await twapAt(beacon, now, 0)).toBe(400n * UNIT);
    expect(await beacon.observationCardinality()).toBe(5n);
    // 101 s ago the beacon did not exist yet.
    expect(await revertName(beacon.getTwap.staticCall(101, { blockTag: await minedBlockAt(now) }))).toBe('OldObservation');
  });

  it('keeps exact averages across a wrapped ring and refuses windows older than it keeps', async () => {
    const t0 = (await chain.latestTimestamp()) + 1_000;
    const beacon = await createAt(t0, 10n ** 12n * UNIT, 4);
    const points: Point[] = [{ at: t0, value: 10n ** 12n * UNIT }];
    let at = t0;
    for (let i = 1; i <= 11; i++) {
      at += 7 + ((i * 13) % 29); // uneven gaps
      const value = (10n ** 12n + BigInt(i * i) * 987_654_321n) * UNIT;
      await updateAt(beacon, at, value);
      points.push({ at, value });
    }
    const now = at + 17;
    // Ring of 4 after 11 writes: kept observations are those of the last 4 updates.
    const oldestKept = points[points.length - 4].at;
    for (const from of [oldestKept, oldestKept + 1, points[points.length - 2].at - 3, now - 1]) {
      expect(await twapAt(beacon, now, now - from)).toBe(twapByHand(points, from, now));
    }
    expect(await revertName(beacon.getTwap.staticCall(now - oldestKept + 1, { blockTag: await minedBlockAt(now) }))).toBe('OldObservation');
  });
});
