import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT } from '../../lib/workspace.mjs';
import { client, createDatabase, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { COUNT_REACT_RENDERERS, launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';
import { buildEnv, run, writePlugin } from '../support/outside-plugin.js';

/** The SDK the shell runs (the workspace's sdk-web). */
const SDK_VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'sdk/web/package.json'), 'utf8')) as { version: string }).version;

/**
 * Issue 30 item 5: version skew. Two remotes are written and built in a temporary directory outside the
 * workspace against the SDK (its node_modules is a link to the workspace's, so `@atende/sdk-web` is the
 * SDK built from source: it cannot be packed yet on this branch). One declares the SDK's own ranges and
 * loads into the current shell with the shell's React, antd and session; the other declares an SDK range
 * the shell does not run and is refused before any of its code loads, with a notice naming the plugin,
 * what it needs and what the shell has, while the rest of the shell goes on.
 */
describe('a remote built outside the workspace, loaded into the current shell (or refused)', () => {
  let tmp: string;
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'atende-skew-'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(tmp, 'node_modules'), 'dir');
    writePlugin(path.join(tmp, 'skew-ok'), 'skew-ok');
    writePlugin(path.join(tmp, 'skew-old'), 'skew-old', { '@atende/sdk-web': '^9.0.0' });
    const env = buildEnv();
    const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
    await Promise.all(['skew-ok', 'skew-old'].map((id) => run(process.execPath, [vite, 'build'], path.join(tmp, id, 'web'), env)));
    db = await createDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atende-skew-data-'));
    const plugins = ['skew-ok', 'skew-old'].map((id) => path.join(tmp, id, 'server/index.mjs')).join(',');
    server = await startServer({ databaseUrl: db.url, dataDir, env: { ATENDE_PLUGINS: plugins } });
    await twoCompanies(client(server.url));
    browser = await launchBrowser();
  }, 170_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('the remote built against this SDK loads, with sourcemaps, no React of its own and one React DOM in the page', async () => {
    const dist = path.join(tmp, 'skew-ok/web/dist');
    const files = readdirSync(dist, { recursive: true }).map(String).filter((f) => f.endsWith('.js'));
    expect(files).toContain('remoteEntry.js');
    expect(readdirSync(dist, { recursive: true }).map(String)).toContain('remoteEntry.js.map');
    // React's element symbol is in every copy of React and its JSX runtime: none in the remote.
    for (const f of files) expect(readFileSync(path.join(dist, f), 'utf8'), f).not.toContain('react.transitional.element');

    const context = await browser.newContext();
    await context.addInitScript(COUNT_REACT_RENDERERS);
    const page = await context.newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/skew-ok`);
    await page.getByTestId('skew-ok-page').waitFor({ timeout: 20_000 });
    // The shell's session (one SDK), and a hook that works (one React).
    expect(await page.getByTestId('skew-ok-user').textContent()).toBe('admin@tienda.test');
    await page.getByTestId('skew-ok-count').click();
    expect(await page.getByTestId('skew-ok-count').textContent()).toBe('1');
    expect(await page.evaluate(() => (window as unknown as { __reactRenderers: string[] }).__reactRenderers)).toHaveLength(1);
    expect(await page.getByTestId('remote-refused').count()).toBe(0);
    await context.close();
  });

  it('the remote declaring an SDK range the shell does not run is refused with a notice; the rest of the shell works', async () => {
    const page = await browser.newPage();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/skew-old`);
    const notice = page.getByTestId('remote-refused');
    await notice.waitFor({ timeout: 20_000 });
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain('skew-old');
    expect(text).toContain('@atende/sdk-web');
    expect(text).toContain('^9.0.0');
    expect(text).toContain(SDK_VERSION); // what the shell has
    await page.getByTestId('remote-error').waitFor();
    // Refused before any of its code ran: its requirements were read, its entry never asked for.
    expect(asked).toContain('/plugins/skew-old/atende-remote.json');
    expect(asked.filter((p) => p.startsWith('/plugins/skew-old/') && p.endsWith('.js'))).toEqual([]);
    // The rest of the shell goes on: another remote and the kernel's own screens.
    await page.getByTestId('menu-skew-ok').click();
    await page.getByTestId('skew-ok-page').waitFor({ timeout: 20_000 });
    await page.goto(`${server.url}/tickets`);
    await page.getByTestId('tickets-manager').waitFor({ timeout: 20_000 });
    await page.close();
  });
});
