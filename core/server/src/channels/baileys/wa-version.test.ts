import { describe, expect, it } from 'vitest';
import { WaVersionSource, parseWaVersion } from './wa-version.js';

describe('WhatsApp Web version (issue 10 item 5)', () => {
  it('parses a configured version', () => {
    expect(parseWaVersion('2.3000.1023223821')).toEqual([2, 3000, 1023223821]);
    expect(parseWaVersion('2.3000')).toBeNull();
    expect(parseWaVersion(undefined)).toBeNull();
  });

  it('uses the fetched version, else the configured one, else none (Baileys bundles its own)', async () => {
    const fetched = new WaVersionSource([2, 3000, 1], async () => ({ version: [2, 3000, 9], isLatest: true }));
    expect(fetched.current()).toEqual([2, 3000, 1]);
    expect(await fetched.refresh()).toEqual([2, 3000, 9]);
    const failed = new WaVersionSource([2, 3000, 1], async () => ({ version: [2, 3000, 5], isLatest: false }));
    expect(await failed.refresh()).toEqual([2, 3000, 1]);
    expect(await new WaVersionSource(undefined, async () => Promise.reject(new Error('offline'))).refresh()).toBeUndefined();
  });

  it('gives up at the timeout instead of waiting on a hanging fetch', async () => {
    const hanging = new WaVersionSource([2, 3000, 1], (o) => new Promise((_, reject) => o.signal?.addEventListener('abort', () => reject(new Error('aborted')))));
    const started = Date.now();
    expect(await hanging.refresh(50)).toEqual([2, 3000, 1]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
