import { LogWindow } from './log-window';

describe('LogWindow: the adaptive eth_getLogs range', () => {
  it('doubles on success up to its maximum', () => {
    const window = new LogWindow(1, 1000, 100);
    const sizes = [];
    for (let i = 0; i < 5; i++) {
      window.grow();
      sizes.push(window.size);
    }
    expect(sizes).toEqual([200, 400, 800, 1000, 1000]);
  });

  it('halves on refusal down to its minimum, then says the size is not the problem', () => {
    const window = new LogWindow(10, 1000, 100);
    expect([window.shrink(), window.size]).toEqual([true, 50]);
    expect([window.shrink(), window.size]).toEqual([true, 25]);
    expect([window.shrink(), window.size]).toEqual([true, 12]);
    expect([window.shrink(), window.size]).toEqual([true, 10]);
    expect([window.shrink(), window.size]).toEqual([false, 10]);
  });

  it('covers at most its size, never past the last block', () => {
    const window = new LogWindow(1, 1000, 100);
    expect(window.range(5, 1_000_000)).toEqual({ from: 5, to: 104 });
    expect(window.range(5, 20)).toEqual({ from: 5, to: 20 });
    expect(window.range(7, 7)).toEqual({ from: 7, to: 7 });
  });

  it('clamps the initial size and refuses bad bounds', () => {
    expect(new LogWindow(10, 20, 5).size).toBe(10);
    expect(new LogWindow(10, 20, 50).size).toBe(20);
    expect(() => new LogWindow(0, 20, 5)).toThrow('bad log window');
    expect(() => new LogWindow(30, 20, 25)).toThrow('bad log window');
  });
});
