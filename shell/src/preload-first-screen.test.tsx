// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

// What each screen's module would load, recorded when its import runs (the real modules are large).
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('./layout/MainLayout.js', () => (loaded.push('layout'), { MainLayout: () => null }));
vi.mock('./pages/tickets/TicketsPage.js', () => (loaded.push('tickets'), { TicketsPage: () => null }));
vi.mock('./pages/contacts/ContactsPage.js', () => (loaded.push('contacts'), { ContactsPage: () => null }));
vi.mock('./pages/settings/SettingsPage.js', () => (loaded.push('settings'), { SettingsPage: () => null }));
vi.mock('./plugins/federation-host.js', () => (loaded.push('federation'), { sharesLoaded: Promise.resolve() }));
const prefetched = vi.hoisted(() => [] as string[]);
vi.mock('./pages/tickets/first-requests.js', () => ({ prefetchTicketsScreen: (user: { name: string }) => prefetched.push(user.name) }));

const { preloadFirstScreen } = await import('./App.js');
const { restoreSessionFx } = await import('./model/session.js');
const { userUpdated } = await import('@atende/sdk-web');
const settle = () => new Promise((r) => setTimeout(r, 50));

/** Issue 37 item 4: a signed-in first visit downloads its screens while the session is restored. */
describe('preloadFirstScreen', () => {
  it('loads nothing for a signed-out visit (the login form needs neither)', async () => {
    preloadFirstScreen(false, '/tickets');
    await settle();
    expect(loaded).toEqual([]);
  });

  it('loads the main layout for any signed-in page, and the screen of the path: /contacts its own, / and /tickets the tickets screen', async () => {
    preloadFirstScreen(true, '/contacts');
    await settle();
    expect(loaded).toEqual(['layout', 'contacts']);
    preloadFirstScreen(true, '/tickets/3f1c');
    await settle();
    expect(loaded).toEqual(['layout', 'contacts', 'tickets']);
  });

  it('on a plugin page (not one of the shell screens), starts the federation runtime and the shared modules instead', async () => {
    preloadFirstScreen(true, '/settings');
    await settle();
    expect(loaded).toEqual(['layout', 'contacts', 'tickets', 'settings']);
    preloadFirstScreen(true, '/dashboard');
    await settle();
    expect(loaded).toEqual(['layout', 'contacts', 'tickets', 'settings', 'federation']);
  });

  it("on the tickets screen, starts its first requests once the session's user is known, not before", async () => {
    preloadFirstScreen(true, '/tickets');
    expect(prefetched).toEqual([]);
    restoreSessionFx.use(async () => (userUpdated({ id: 1, name: 'Ana' } as never), true));
    await restoreSessionFx();
    expect(prefetched).toEqual(['Ana']);
    // Once: a later restore (another sign-in in the same page) does not start them again.
    await restoreSessionFx();
    expect(prefetched).toEqual(['Ana']);
  });
});
