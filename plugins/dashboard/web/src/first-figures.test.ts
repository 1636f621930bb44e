import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '@atende/sdk-web';
import { DASHBOARD_ENDPOINTS } from '@atende/plugin-dashboard-contract';
import { FIRST_DAYS, figuresQuery, prefetchFirstFigures } from './first-figures.js';

afterEach(() => vi.unstubAllGlobals());

function stubServer(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => (asked.push(url), new Response(JSON.stringify({ cards: { created: asked.length } }), { headers: { 'content-type': 'application/json' } })));
  return asked;
}

/** Issue 32: the first view asks for its figures while the page's code downloads, and the page takes that answer. */
describe('the first figures of /dashboard', () => {
  it("are the page's default query: its first read takes them, the next one asks again", async () => {
    const asked = stubServer();
    prefetchFirstFigures();
    expect(asked).toEqual([`/api${DASHBOARD_ENDPOINTS.figures.path}?days=${FIRST_DAYS}`]);
    expect(await call(DASHBOARD_ENDPOINTS.figures, { query: figuresQuery(FIRST_DAYS, null, undefined, undefined) })).toEqual({ cards: { created: 1 } });
    expect(asked).toHaveLength(1);
    await call(DASHBOARD_ENDPOINTS.figures, { query: figuresQuery(FIRST_DAYS, null) });
    expect(asked).toHaveLength(2);
  });

  it('are not used for another period or a filter', async () => {
    const asked = stubServer();
    prefetchFirstFigures();
    await call(DASHBOARD_ENDPOINTS.figures, { query: figuresQuery(30, null) });
    await call(DASHBOARD_ENDPOINTS.figures, { query: figuresQuery(FIRST_DAYS, null, 2) });
    expect(asked.slice(1)).toEqual([`/api${DASHBOARD_ENDPOINTS.figures.path}?days=30`, `/api${DASHBOARD_ENDPOINTS.figures.path}?days=${FIRST_DAYS}&whatsappId=2`]);
  });
});
