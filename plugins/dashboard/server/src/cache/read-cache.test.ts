import { describe, expect, it, vi } from 'vitest';
import { READ_CACHE_MAX_AGE_MS, ReadCache } from './read-cache.js';

describe('ReadCache', () => {
  it('serves an answer again within the max age, per company and key, and reads again after it', async () => {
    const cache = new ReadCache();
    const load = vi.fn(async () => ({ n: load.mock.calls.length }));
    expect(await cache.read(1, 'a', load, 1000)).toEqual({ n: 1 });
    expect(await cache.read(1, 'a', load, 1000 + READ_CACHE_MAX_AGE_MS - 1)).toEqual({ n: 1 });
    expect(await cache.read(2, 'a', load, 1001)).toEqual({ n: 2 }); // another company
    expect(await cache.read(1, 'b', load, 1001)).toEqual({ n: 3 }); // another viewer or query
    expect(await cache.read(1, 'a', load, 1000 + READ_CACHE_MAX_AGE_MS)).toEqual({ n: 4 });
  });

  it("drops a company's answers when its rollups change, not another company's", async () => {
    const cache = new ReadCache();
    let n = 0;
    const load = async () => ++n;
    await cache.read(1, 'a', load, 0);
    await cache.read(2, 'a', load, 0);
    cache.changed(1);
    expect(await cache.read(1, 'a', load, 1)).toBe(3);
    expect(await cache.read(2, 'a', load, 1)).toBe(2);
  });

  it('shares one read between callers at the same moment, and keeps no failure', async () => {
    const cache = new ReadCache();
    let release!: (v: number) => void;
    const load = vi.fn(() => new Promise<number>((r) => (release = r)));
    const a = cache.read(1, 'a', load, 0);
    const b = cache.read(1, 'a', load, 1);
    release(7);
    expect([await a, await b]).toEqual([7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(cache.read(1, 'x', failing, 0)).rejects.toThrow('down');
    await expect(cache.read(1, 'x', failing, 1)).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
