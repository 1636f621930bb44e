import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium with the flags this machine needs (no sandbox as root, no background network). Pages ask for reduced
 * motion, which the shell honours by turning antd's animations off: a closing dialog's overlay no longer lingers over the
 * next click on a loaded machine (CI's flaky "intercepts pointer events").
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--force-prefers-reduced-motion',
    ],
  });
}

/**
 * Installs a stand-in React DevTools hook before any script runs: every react-dom copy on the page
 * registers itself through `inject`, so the count of renderers is the count of React DOM instances.
 */
export const COUNT_REACT_RENDERERS = `
  window.__reactRenderers = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      window.__reactRenderers.push(renderer.version);
      const id = window.__reactRenderers.length;
      this.renderers.set(id, renderer);
      return id;
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
`;

/** Collects what the page's Content-Security-Policy blocked (Chromium reports each on the console). */
export function recordCspViolations(page: import('playwright-core').Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}
