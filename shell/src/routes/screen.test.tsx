// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen as dom } from '@testing-library/react';
import { ReadySuspense } from '../components/ReadySuspense.js';
import { screen, screensLoaded } from './screen.js';

afterEach(cleanup);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Issues 32 and 37 item 4: a first view's screen is drawn as soon as its code is in. */
describe('lazy screens', () => {
  it('a screen preloaded before it is first drawn shows in that same render, without the placeholder', async () => {
    const Page = screen(async () => ({ Page: () => <p data-testid="page">page</p> }), (m) => m.Page);
    Page.preload();
    await screensLoaded();
    const seen: string[] = [];
    const { container } = render(
      <ReadySuspense fallback={<span data-testid="placeholder" ref={() => void seen.push('placeholder')} />} ready={screensLoaded}>
        <Page />
      </ReadySuspense>,
    );
    expect(container.querySelector('[data-testid="page"]')).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it("a screen whose code arrives after its placeholder shows at once, not when React's Suspense throttle would (300 ms after the placeholder)", async () => {
    const code = deferred();
    const Page = screen(async () => (await code.promise, { Page: () => <p data-testid="late-page">page</p> }), (m) => m.Page);
    render(
      <ReadySuspense fallback={<span data-testid="placeholder" />} ready={screensLoaded}>
        <Page />
      </ReadySuspense>,
    );
    await dom.findByTestId('placeholder');
    const placeholderAt = performance.now();
    code.resolve();
    await dom.findByTestId('late-page', {}, { timeout: 3000 });
    expect(performance.now() - placeholderAt).toBeLessThan(250);
  });

  it('a screen whose code failed to load is asked for again by the next render', async () => {
    let attempts = 0;
    const Page = screen(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return { Page: () => <p>page</p> };
      },
      (m) => m.Page,
    );
    Page.preload();
    await screensLoaded();
    Page.preload();
    await screensLoaded();
    expect(attempts).toBe(2);
  });
});
