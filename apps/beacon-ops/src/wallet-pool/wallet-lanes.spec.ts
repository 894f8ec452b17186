import { BeaconOpsSettings } from '../settings';
import { PoolKeys } from './pool-keys';
import { Lane, WalletLanes } from './wallet-lanes';

const WALLETS = ['0x01', '0x02', '0x03', '0x04'].map((a) => a.padEnd(42, '0'));
const lanesOf = (maxInFlightPerWallet: number) =>
  new WalletLanes({ addresses: WALLETS } as unknown as PoolKeys, { maxInFlightPerWallet } as unknown as BeaconOpsSettings);
const enterMany = async (lanes: WalletLanes, n: number): Promise<Lane[]> => {
  const entered: Lane[] = [];
  for (let i = 0; i < n; i++) entered.push(await lanes.enter(WALLETS, Date.now() + 1_000));
  return entered;
};
const countsBy = (entered: Lane[]) => entered.reduce((m, lane) => m.set(lane.address, (m.get(lane.address) ?? 0) + 1), new Map<string, number>());

describe('WalletLanes', () => {
  it('fills one wallet to half its pipeline before the next, in an order of its own', async () => {
    const lanes = lanesOf(8);
    const entered = await enterMany(lanes, 10);
    // 4, 4, 2: three wallets, the first two at the soft limit.
    expect([...countsBy(entered).values()]).toEqual([4, 4, 2]);
    const first = entered[0].address;
    expect(entered.slice(0, 4).every((lane) => lane.address === first)).toBe(true);
  });

  it('spreads by load once every wallet is at half its pipeline, and never past the pipeline', async () => {
    const lanes = lanesOf(2);
    const entered = await enterMany(lanes, 8);
    expect([...countsBy(entered).values()].sort()).toEqual([2, 2, 2, 2]);
    await expect(lanes.enter(WALLETS, Date.now() + 50)).rejects.toMatchObject({ status: 503 });
  });

  it('moves new sends off a wallet on which another replica took a nonce, while others have room', async () => {
    const lanes = lanesOf(8);
    const [first] = await enterMany(lanes, 1);
    lanes.markContended(first);
    const next = await enterMany(lanes, 12);
    expect(next.some((lane) => lane.address === first.address)).toBe(false);
    // Every other wallet full to its soft limit... then to its pipeline: the contended one only when nothing else has room.
    const more = await enterMany(lanes, 12);
    expect(more.filter((lane) => lane.address === first.address)).toHaveLength(0);
    const last = await enterMany(lanes, 1);
    expect(last[0].address).toBe(first.address);
  });

  it('orders the wallets differently in different processes (two replicas rarely share their first wallet)', () => {
    const firsts = new Set<string>();
    for (let i = 0; i < 40; i++) firsts.add((lanesOf(8) as unknown as { preference: Map<string, number> }).preference.entries().next().value?.[0] ?? '');
    expect(firsts.size).toBeGreaterThan(1);
  });
});
