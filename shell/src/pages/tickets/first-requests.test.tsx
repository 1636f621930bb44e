// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';

const { $user } = await import('@atende/sdk-web');
const { TicketsManager } = await import('./TicketsManager.js');
const { firstTicketRequests, prefetchTicketsScreen } = await import('./first-requests.js');
const { fakeSocket, setUpShell, wrap } = await import('./testing.js');

/** A server answering every GET of the screen with an empty answer; notes each URL asked for. */
function stubServer(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const path = new URL(url, 'http://atende.test').pathname;
      const body = path === '/api/tickets' ? { tickets: [], count: 0, hasMore: false } : path === '/api/tickets/count' ? { count: 0 } : [];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

/**
 * Renders the screen's left column and waits until its first requests are all out: as many distinct GETs
 * as the screen's first requests, both lists drawn from their answers, then a moment for any stray GET.
 * (A fixed wait alone was not enough on a loaded CI machine: the screen had not asked for everything yet.)
 */
async function firstView(asked: string[]) {
  fakeSocket();
  const view = render(wrap(<TicketsManager narrow={false} onOpen={vi.fn()} />));
  const expected = firstTicketRequests($user.getState()!).length;
  await waitFor(
    () => {
      expect(new Set(asked).size).toBeGreaterThanOrEqual(expected);
      expect(view.container.querySelectorAll('[data-loaded="true"]')).toHaveLength(2);
    },
    { timeout: 10_000 },
  );
  await new Promise((r) => setTimeout(r, 300));
}

/** Issue 37 item 4: the tickets screen's first requests start with the session; the screen takes them. */
describe('the tickets screen started early', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  for (const profile of ['user', 'admin'] as const) {
    it(`${profile}: the screen asks for exactly what was started, and nothing twice`, async () => {
      await setUpShell({ profile, queues: [{ id: 11, name: 'Ventas', color: '#E91E63' }] });
      const alone = stubServer();
      await firstView(alone);
      cleanup();

      const early = stubServer();
      prefetchTicketsScreen($user.getState()!);
      const started = early.slice();
      expect(started).toHaveLength(firstTicketRequests($user.getState()!).length);
      await firstView(early);
      // Every request started early is one the screen makes, and it made no other of them itself.
      expect([...started].sort()).toEqual(alone.filter((u) => started.includes(u)).sort());
      expect(early.sort()).toEqual(alone.sort());
      expect(started).toEqual(expect.arrayContaining([expect.stringMatching(`^/api/tickets\\?status=open&showAll=${profile === 'admin'}&pageNumber=1$`)]));
    });
  }
});
