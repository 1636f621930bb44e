// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { PluginManifest, SessionUser } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(async () => []), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api } = await import('@atende/sdk-web');
const { MainLayout } = await import('./MainLayout.js');
const { fetchPluginsFx } = await import('../plugins/plugins.model.js');
const { webPluginLoaded } = await import('../plugins/web-plugins.model.js');
const { signedInAs } = await import('../testing.js');
const { firstContentShown } = await import('../plugins/first-content.js');

/** A plugin's page as PluginView draws it: it tells when it is shown (the drawer's menu follows it). */
function PluginPage({ text }: { text: string }) {
  useEffect(() => firstContentShown(), []);
  return <p>{text}</p>;
}

const billing: PluginManifest = {
  id: 'billing',
  version: '1',
  remoteEntry: null,
  routes: [{ path: '/invoices' }, { path: '/pay', allowExpired: true }],
  menu: [
    { path: '/invoices', label: { es: 'Facturas' } },
    { path: '/pay', label: { es: 'Pagar' } },
  ],
  settingsTabs: [],
  zones: [],
  locked: false,
};

async function renderAt(path: string, company: Partial<SessionUser['company']>, plugins: PluginManifest[]) {
  await signedInAs({ profile: 'admin', company: { id: 1, name: 'Tienda', dueDate: null, expired: false, settings: [], planFlags: {}, ...company } as never });
  vi.mocked(api.get).mockImplementation(async (url: string) => (url === '/plugins' ? plugins : []) as never);
  await fetchPluginsFx();
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<MainLayout />}>
              <Route path="/tickets" element={<p>bandeja</p>} />
              <Route path="/contacts" element={<p>contactos</p>} />
              <Route path="/invoices" element={<PluginPage text="facturas" />} />
              <Route path="/pay" element={<PluginPage text="pagar aquí" />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );
}

describe('main layout and plugin routes (issue 12 item 2)', () => {
  afterEach(cleanup);

  it('expired: lands on the first page a plugin allows while expired, and the drawer offers only such pages', async () => {
    await renderAt('/tickets', { expired: true }, [billing]);
    expect(await screen.findByText('pagar aquí')).toBeTruthy();
    expect(screen.queryByText('bandeja')).toBeNull();
    // The menu is drawn after the page it frames (a transition right after the page tells).
    await vi.waitFor(() => expect(screen.getByTestId('drawer').textContent).toContain('Pagar'));
    expect(screen.getByTestId('drawer').textContent).not.toContain('Facturas');
  });

  it('expired with no such page: the expired notice, nothing else', async () => {
    await renderAt('/tickets', { expired: true }, [{ ...billing, routes: [{ path: '/invoices' }] }]);
    expect(await screen.findByTestId('subscription-expired')).toBeTruthy();
    expect(screen.queryByText('bandeja')).toBeNull();
    expect(screen.queryByText('pagar aquí')).toBeNull();
  });

  it('not expired: every page; a plugin entry shows the badge its remote counts and its own icon', async () => {
    await renderAt('/tickets', {}, [billing]);
    expect(await screen.findByText('bandeja')).toBeTruthy();
    // As the ticket list does once its first page is drawn: the drawer's menu follows.
    firstContentShown();
    webPluginLoaded({ id: 'billing', menu: [{ path: '/invoices', useBadge: () => 3, icon: () => <i data-testid="billing-icon" /> }] });
    expect((await screen.findByTestId('plugin-menu-badge')).textContent).toContain('3');
    expect(screen.getByTestId('billing-icon')).toBeTruthy();
  });

  it("one of the shell's screens tells when it is drawn, so the plugins with badges and widgets load after it (not the tickets screen: its list tells)", async () => {
    const firstContent = await import('../plugins/first-content.js');
    const shown = vi.spyOn(firstContent, 'firstContentShown');
    await renderAt('/tickets', {}, []);
    expect(await screen.findByText('bandeja')).toBeTruthy();
    expect(shown).not.toHaveBeenCalled();
    cleanup();
    await renderAt('/contacts', {}, []);
    expect(await screen.findByText('contactos')).toBeTruthy();
    await vi.waitFor(() => expect(shown).toHaveBeenCalled());
  });
});
