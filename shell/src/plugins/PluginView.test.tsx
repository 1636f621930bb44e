// @vitest-environment happy-dom
import type { ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import type { PluginManifest } from '@atende/core-contract';
import { signedInAs } from '../testing.js';

// A remote with two pages that link to each other; each page's code arrives a moment later, as over the network.
const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 20));
const definition = {
  id: 'lists',
  routes: [
    { path: '/lists', load: () => later({ default: () => <Link to="/lists/7/items">items</Link> }) },
    { path: '/lists/:id/items', load: () => later({ default: () => <span data-testid="items-page">items page</span> }) },
  ],
};
let failures = 0;
vi.mock('./remote-loader.js', () => ({
  loadWebPlugin: vi.fn(async (m: PluginManifest) => {
    if (m.id === 'flaky' && failures-- > 0) throw new Error('remote down');
    return later(m.id === 'flaky' ? { id: 'flaky', routes: [{ path: '/flaky', load: () => later({ default: () => <span data-testid="flaky-page">ok</span> }) }] } : definition);
  }),
}));
const { PluginView } = await import('./PluginView.js');

const manifest = { id: 'lists', version: '1', remoteEntry: '/plugins/lists/remoteEntry.js', routes: definition.routes.map((r) => ({ path: r.path })), menu: [], settingsTabs: [], zones: [], locked: false } as PluginManifest;

beforeAll(() => signedInAs());
afterEach(cleanup);

describe('PluginView', () => {
  it('moves between two pages of one plugin inside the app (a navigation is a transition that suspends)', async () => {
    render(
      <MemoryRouter initialEntries={['/lists']}>
        <Routes>
          {definition.routes.map((r) => (
            <Route key={r.path} path={r.path} element={<PluginView manifest={manifest} what={`route ${r.path}`} pick={(d) => d.routes?.find((x) => x.path === r.path)?.load} />} />
          ))}
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByText('items'));
    expect(await screen.findByTestId('items-page', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('a page whose remote fails shows the failure (not a spinner forever), and retry loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failures = 1;
    const flaky = { ...manifest, id: 'flaky', routes: [{ path: '/flaky' }] } as PluginManifest;
    render(
      <MemoryRouter initialEntries={['/flaky']}>
        <Routes>
          <Route path="/flaky" element={<PluginView manifest={flaky} what="route /flaky" pick={(d) => d.routes?.[0]?.load} />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('remote-error', {}, { timeout: 3000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByTestId('flaky-page', {}, { timeout: 3000 })).toBeTruthy();
  });

  it("shows a page as soon as its code is in, not when React's Suspense throttle would (300 ms after the placeholder)", async () => {
    let arrive!: () => void;
    const code = new Promise<{ default: ComponentType }>((resolve) => (arrive = () => resolve({ default: () => <span data-testid="quick-page">quick</span> })));
    const quick = { ...manifest, id: 'quick', routes: [{ path: '/quick' }] } as PluginManifest;
    const { container } = render(
      <MemoryRouter initialEntries={['/quick']}>
        <Routes>
          <Route path="/quick" element={<PluginView manifest={quick} what="route /quick" pick={() => () => code} />} />
        </Routes>
      </MemoryRouter>,
    );
    // The placeholder is on screen (the remote itself arrives 20 ms later, then the page's code at once).
    await vi.waitFor(() => expect(container.querySelector('.ant-spin')).toBeTruthy());
    const placeholderAt = performance.now();
    arrive();
    await screen.findByTestId('quick-page', {}, { timeout: 3000 });
    // Left to the Suspense retry, React commits it no sooner than ~290 ms after the placeholder.
    expect(performance.now() - placeholderAt).toBeLessThan(250);
  });
});
