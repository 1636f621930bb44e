// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A matchMedia whose "reduce motion" answer the test sets and changes. */
function fakeMatchMedia(reduce: boolean) {
  const listeners: ((e: { matches: boolean }) => void)[] = [];
  const query = {
    matches: reduce,
    addEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.push(l),
  };
  const matchMedia = (q: string) => (q.includes('reduced-motion') ? query : { matches: false, addEventListener: () => undefined });
  return { matchMedia, change: (v: boolean) => listeners.forEach((l) => l({ matches: v })) };
}

describe('theme model: reduced motion', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('follows the system setting live and turns antd motion off while it is on', async () => {
    const media = fakeMatchMedia(true);
    vi.stubGlobal('matchMedia', media.matchMedia);
    const { $reducedMotion, withMotion } = await import('./theme.model.js');
    expect($reducedMotion.getState()).toBe(true);
    media.change(false);
    expect($reducedMotion.getState()).toBe(false);

    const base = { token: { colorPrimary: '#128c7e' } };
    expect(withMotion(base, false).token).toEqual({ colorPrimary: '#128c7e', motion: false });
    expect(withMotion(base, true)).toBe(base);
  });
});
