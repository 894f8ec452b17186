import { findForkPoint } from './fork-point';

const blocks = (numbers: number[]) => numbers.map((number) => ({ number }));

describe('findForkPoint: the highest kept block the chain still has', () => {
  it.each([
    ['the newest kept block still on chain (no reorg)', [1, 2, 3, 4, 5, 6, 7, 8], 8, 8],
    ['a reorg of depth 1', [1, 2, 3, 4, 5, 6, 7, 8], 7, 7],
    ['a reorg of depth 5', [1, 2, 3, 4, 5, 6, 7, 8], 3, 3],
    ['sparse history (only blocks with logs and window ends kept)', [10, 40, 41, 90, 200], 45, 41],
  ])('%s', async (_name, numbers, lastOnChain, expected) => {
    const asked: number[] = [];
    const fork = await findForkPoint(blocks(numbers), async (block) => (asked.push(block.number), block.number <= lastOnChain));
    expect(fork?.number).toBe(expected);
    // Binary search: about log2(n) questions to the node, not n.
    expect(asked.length).toBeLessThanOrEqual(Math.ceil(Math.log2(numbers.length + 1)));
  });

  it('is undefined when even the oldest kept block is gone (a reorg deeper than the history)', async () => {
    expect(await findForkPoint(blocks([5, 6, 7]), async () => false)).toBeUndefined();
    expect(await findForkPoint([], async () => true)).toBeUndefined();
  });

  it('asks at most 9 questions for 256 kept blocks', async () => {
    let asked = 0;
    const fork = await findForkPoint(blocks(Array.from({ length: 256 }, (_, i) => i)), async (block) => (asked++, block.number <= 200));
    expect(fork?.number).toBe(200);
    expect(asked).toBeLessThanOrEqual(9);
  });
});
