// @vitest-environment happy-dom
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
vi.mock('./remote-loader.js', () => ({ loadWebPlugin: vi.fn(async () => later(definition)) }));
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
});
