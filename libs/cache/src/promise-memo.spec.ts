import { UNMEASURED } from './cache-metrics-hook';
import { PromiseMemo } from './promise-memo';

describe('PromiseMemo', () => {
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('gives concurrent callers of one key the same pending promise, and frees the key once it settles', async () => {
    const events: string[] = [];
    const memo = new PromiseMemo<string, number>({
      name: 'p',
      metrics: (name) => ({ ...UNMEASURED, hit: () => events.push(`${name}:hit`), miss: () => events.push(`${name}:miss`) }),
    });
    let loads = 0;
    let release!: () => void;
    const load = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
    const a = memo.get('k', load);
    const b = memo.get('k', load);
    const other = memo.get('j', async () => 99);
    expect([a === b, memo.size]).toEqual([true, 2]);
    release();
    expect(await Promise.all([a, b, other])).toEqual([1, 1, 99]);
    await settle();
    expect(memo.size).toBe(0);
    const c = memo.get('k', load);
    release();
    expect(await c).toBe(2);
    expect(events).toEqual(['p:miss', 'p:hit', 'p:miss', 'p:miss']);
  });

  it('never keeps a rejection: every waiter sees it, the next caller loads again', async () => {
    const memo = new PromiseMemo<string, number>();
    let fail!: (error: Error) => void;
    const failing = () => new Promise<number>((_resolve, reject) => (fail = reject));
    const a = memo.get('k', failing);
    const b = memo.get('k', failing);
    fail(new Error('down'));
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
    await settle();
    expect(await memo.get('k', async () => 5)).toBe(5);
  });

  it('turns a load that throws at once into a rejection, and keeps nothing for it', async () => {
    const memo = new PromiseMemo<string, number>();
    await expect(
      memo.get('k', () => {
        throw new Error('bad key');
      }),
    ).rejects.toThrow('bad key');
    expect(memo.size).toBe(0);
  });
});
