import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@atende/sdk-web';
import { bootScriptSource, screenFiles } from './boot-script.js';

const chunks = { layout: ['assets/MainLayout-1.js'], tickets: ['assets/TicketsPage-1.js'], plugin: ['assets/federation-host-1.js'] };

/** Runs the generated script as the page would, with a stored token (or none) on `path`. */
function boot(path: string, token: string | null) {
  const fetched: { url: string; headers: Record<string, string> }[] = [];
  const links: { rel: string; href: string; crossOrigin: string }[] = [];
  const window: Record<string, unknown> = {};
  runInNewContext(bootScriptSource({ tokenKey: STORAGE_KEYS.token, early: ['/api/auth/me', '/api/plugins'], chunks, base: '/' }), {
    window,
    location: { pathname: path },
    localStorage: { getItem: (key: string) => (key === STORAGE_KEYS.token ? token : null) },
    fetch: (url: string, init: { headers: Record<string, string> }) => (fetched.push({ url, headers: init.headers }), Promise.resolve({ url })),
    document: { createElement: () => ({}), head: { appendChild: (l: (typeof links)[number]) => links.push(l) } },
  });
  return { fetched, links, early: window.__atendeEarly as { url: string; token: string }[] | undefined };
}

describe('boot.js', () => {
  it('signed out (the login form): asks for nothing and preloads nothing', () => {
    expect(boot('/login', null)).toEqual({ fetched: [], links: [], early: undefined });
  });

  it('signed in on /tickets: the session requests with the token, the layout and the tickets screen', () => {
    const { fetched, links, early } = boot('/tickets', 'tok');
    expect(fetched.map((f) => [f.url, f.headers.Authorization])).toEqual([
      ['/api/auth/me', 'Bearer tok'],
      ['/api/plugins', 'Bearer tok'],
    ]);
    expect(early?.map((e) => [e.url, e.token])).toEqual([
      ['/api/auth/me', 'tok'],
      ['/api/plugins', 'tok'],
    ]);
    expect(links).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/MainLayout-1.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/TicketsPage-1.js' },
    ]);
    expect(boot('/', 'tok').links.map((l) => l.href)).toEqual(['/assets/MainLayout-1.js', '/assets/TicketsPage-1.js']);
  });

  it("a shell screen gets the layout only; a plugin's page the federation runtime too", () => {
    expect(boot('/contacts', 'tok').links.map((l) => l.href)).toEqual(['/assets/MainLayout-1.js']);
    expect(boot('/dashboard', 'tok').links.map((l) => l.href)).toEqual(['/assets/MainLayout-1.js', '/assets/federation-host-1.js']);
  });
});

describe("the screens' files", () => {
  const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = [], facade: string | null = null, isEntry = false) => ({ type: 'chunk' as const, fileName, imports, dynamicImports, facadeModuleId: facade, isEntry });
  const bundle = [
    chunk('index.js', ['react.js', 'antd-startup.js'], ['MainLayout.js', 'TicketsPage.js', 'federation-host.js'], '/app/src/main.tsx', true),
    chunk('react.js'),
    chunk('antd-startup.js'),
    chunk('MainLayout.js', ['layout.js', 'react.js'], [], '/app/src/layout/MainLayout.tsx'),
    chunk('layout.js'),
    chunk('TicketsPage.js', ['layout.js', 'list.js'], ['TicketView.js'], '/app/src/pages/tickets/TicketsPage.tsx'),
    chunk('list.js'),
    chunk('TicketView.js'),
    chunk('federation-host.js', ['runtime.js'], ['antd-index.js', 'react.js', 'contract-copy.js'], '/app/src/plugins/federation-host.ts'),
    // The contracts' copy (HOST_ONLY_SHARED): only remotes built before SDK 1.1 take it.
    chunk('contract-copy.js', ['schemas.js'], [], '/app/core/contract/dist/index.js?atende-shared-copy'),
    chunk('schemas.js'),
    chunk('runtime.js'),
    chunk('antd-index.js', ['list.js', 'table.js']),
    chunk('table.js'),
  ];

  it("are each screen's static closure less what the page preloads and the layout's; a plugin's page adds the shared modules (not the copies)", () => {
    expect(screenFiles(bundle)).toEqual({
      layout: ['MainLayout.js', 'layout.js'],
      tickets: ['TicketsPage.js', 'list.js'],
      plugin: ['federation-host.js', 'runtime.js', 'antd-index.js', 'table.js', 'list.js'],
    });
  });

  it('says which screen it could not find', () => {
    expect(screenFiles(bundle.filter((c) => c.fileName !== 'TicketsPage.js'))).toMatch(/TicketsPage/);
  });
});
