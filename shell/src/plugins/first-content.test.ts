import { describe, expect, it } from 'vitest';

/** Issue 30 item 4 and issue 32: plugins not needed for the first screen wait until it is drawn. */
describe('afterFirstContent', () => {
  it('on a plain screen resolves at once; on a plugin\u2019s page waits until the page tells it is shown', async () => {
    const { afterFirstContent, firstContentShown } = await import('./first-content.js');
    let plain = false;
    void afterFirstContent(10_000, '/contacts').then(() => (plain = true));
    let page = false;
    void afterFirstContent(10_000, '/dashboard', true).then(() => (page = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(plain).toBe(true);
    expect(page).toBe(false);
    firstContentShown();
    await new Promise((r) => setTimeout(r, 0));
    expect(page).toBe(true);
  });
});
