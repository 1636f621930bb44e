import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT, freePort } from '../../lib/workspace.mjs';
import { client, createDatabase, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';
import { buildEnv, run, writePage, writePlugin } from '../support/outside-plugin.js';

const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');

/** A Vite dev server on `port`, ready once it answers `probe`. */
async function devServer(cwd: string, port: number, probe: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [VITE, '--port', String(port), '--strictPort'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((r) => setTimeout(r, 250))) {
    if (child.exitCode !== null) throw new Error(`vite in ${cwd} exited ${child.exitCode}:\n${out}`);
    if (await fetch(`http://localhost:${port}${probe}`).then((r) => r.ok, () => false)) return child;
  }
  child.kill();
  throw new Error(`vite in ${cwd} did not answer ${probe}:\n${out}`);
}

/**
 * Issue 30 item 3 (docs/plugins/dev-mode.md): a plugin's remote served by its own dev server, inside the
 * shell served by its dev server, against a running kernel. An edit of the plugin's page shows in the
 * open page without reloading it (React Fast Refresh keeps the page's state).
 */
describe('dev mode: a remote on its dev server inside a running shell', () => {
  let tmp: string;
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;
  const servers: ChildProcess[] = [];
  let shellUrl: string;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'atende-dev-'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(tmp, 'node_modules'), 'dir');
    const dir = path.join(tmp, 'dev-demo');
    writePlugin(dir, 'dev-demo');
    const env = buildEnv();
    // Built once: the kernel offers a plugin's remote only when it has one.
    await run(process.execPath, [VITE, 'build'], path.join(dir, 'web'), env);
    db = await createDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atende-dev-data-'));
    server = await startServer({ databaseUrl: db.url, dataDir, env: { ATENDE_PLUGINS: path.join(dir, 'server/index.mjs') } });
    await twoCompanies(client(server.url));
    const remotePort = await freePort();
    const shellPort = await freePort();
    servers.push(await devServer(path.join(dir, 'web'), remotePort, '/plugins/dev-demo/atende-remote.json', env));
    servers.push(await devServer(path.join(ROOT, 'shell'), shellPort, '/', { ...env, ATENDE_API: server.url, VITE_ATENDE_DEV_REMOTES: `dev-demo=http://localhost:${remotePort}` }));
    shellUrl = `http://localhost:${shellPort}`;
    browser = await launchBrowser();
    // Warm-up: the dev server transforms the shell's modules and pre-bundles its dependencies on the first
    // visit (and reloads the page when it finds new ones), which is not what this test is about.
    const warm = await browser.newPage();
    await warm.goto(`${shellUrl}/login`);
    await warm.getByTestId('login-email').waitFor({ timeout: 150_000 });
    await warm.close();
  }, 330_000);

  afterAll(async () => {
    await browser?.close();
    for (const s of servers) s.kill();
    await server?.stop();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it("the plugin's page comes from its dev server, and an edit shows without a reload, keeping the page's state", async () => {
    writePage(path.join(tmp, 'dev-demo'), 'dev-demo', 'uno');
    const page = await browser.newPage();
    const fromDevServer: string[] = [];
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`));
    page.on('request', (r) => {
      if (r.url().includes('/plugins/dev-demo/') && !r.url().startsWith(shellUrl)) fromDevServer.push(r.url());
    });
    // The shell's dev server transforms its modules on first request: a slow first load.
    page.setDefaultTimeout(90_000);
    await signIn(page, shellUrl, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${shellUrl}/dev-demo`);
    await page.getByTestId('dev-demo-page').waitFor();
    expect(await page.getByTestId('dev-demo-user').textContent()).toBe('admin@tienda.test');
    expect(await page.getByTestId('dev-demo-word').textContent()).toBe('uno');
    expect(fromDevServer.some((u) => u.endsWith('/plugins/dev-demo/remoteEntry.js'))).toBe(true);
    await page.getByTestId('dev-demo-count').click();
    expect(await page.getByTestId('dev-demo-count').textContent()).toBe('1');
    await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));
    // A word of this attempt's own (a retry must not find the last attempt's edit already there).
    const word = `dos${Date.now()}`;
    writePage(path.join(tmp, 'dev-demo'), 'dev-demo', word);
    await page
      .getByTestId('dev-demo-word')
      .getByText(word)
      .waitFor({ timeout: 30_000 })
      .catch((err: Error) => {
        throw new Error(`${err.message}\npage console:\n${consoleLines.join('\n')}`);
      });
    // Hot: the same document, and the page kept its state (React Fast Refresh through the shell's runtime).
    expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
    expect(await page.getByTestId('dev-demo-count').textContent()).toBe('1');
    await page.close();
  }, 200_000);
});
