import { beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => vi.resetModules());
const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));

/** Issue 30 item 4, issues 32 and 37: plugins not needed for the first screen wait until it is drawn. */
describe('afterFirstContent', () => {
  it('on a plugin\u2019s page, the tickets screen or another of the shell\u2019s screens, waits until the screen tells it is shown', async () => {
    const { afterFirstContent, firstContentShown } = await import('./first-content.js');
    const resolved: string[] = [];
    void afterFirstContent(10_000, '/dashboard', true).then(() => resolved.push('dashboard'));
    void afterFirstContent(10_000, '/tickets').then(() => resolved.push('tickets'));
    void afterFirstContent(10_000, '/contacts').then(() => resolved.push('contacts'));
    await tick();
    expect(resolved).toEqual([]);
    firstContentShown();
    await tick(0);
    expect(resolved).toEqual(['dashboard', 'tickets', 'contacts']);
    // Once shown, later calls resolve at once.
    await afterFirstContent(10_000, '/contacts');
  });

  it('on a path no screen tells about (neither a shell screen nor a plugin page) resolves at once', async () => {
    const { afterFirstContent } = await import('./first-content.js');
    let done = false;
    void afterFirstContent(10_000, '/no-such-page', false).then(() => (done = true));
    await tick();
    expect(done).toBe(true);
  });

  it('never waits longer than its limit', async () => {
    const { afterFirstContent } = await import('./first-content.js');
    let done = false;
    void afterFirstContent(30, '/contacts').then(() => (done = true));
    await tick(10);
    expect(done).toBe(false);
    await tick(60);
    expect(done).toBe(true);
  });
});
