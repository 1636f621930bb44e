// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

// What each screen's module would load, recorded when its import runs (the real modules are large).
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('./layout/MainLayout.js', () => (loaded.push('layout'), { MainLayout: () => null }));
vi.mock('./pages/tickets/TicketsPage.js', () => (loaded.push('tickets'), { TicketsPage: () => null }));
vi.mock('./plugins/federation-host.js', () => (loaded.push('federation'), { sharesLoaded: Promise.resolve() }));

const { preloadFirstScreen } = await import('./App.js');
const settle = () => new Promise((r) => setTimeout(r, 50));

/** Issue 37 item 4: a signed-in first visit downloads its screens while the session is restored. */
describe('preloadFirstScreen', () => {
  it('loads nothing for a signed-out visit (the login form needs neither)', async () => {
    preloadFirstScreen(false, '/tickets');
    await settle();
    expect(loaded).toEqual([]);
  });

  it('loads the main layout for any signed-in page, the tickets screen only on / and /tickets', async () => {
    preloadFirstScreen(true, '/contacts');
    await settle();
    expect(loaded).toEqual(['layout']);
    preloadFirstScreen(true, '/tickets/3f1c');
    await settle();
    expect(loaded).toEqual(['layout', 'tickets']);
  });

  it('on a plugin page (not one of the shell screens), also starts the federation runtime and the shared modules', async () => {
    preloadFirstScreen(true, '/settings');
    await settle();
    expect(loaded).toEqual(['layout', 'tickets']);
    preloadFirstScreen(true, '/dashboard');
    await settle();
    expect(loaded).toEqual(['layout', 'tickets', 'federation']);
  });
});
