import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT, run } from '../../lib/workspace.mjs';
import { generate } from '../../generators/new-plugin.mjs';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { launchBrowser } from '../support/browser.js';

const ID = 'demo-notes';

/**
 * The way a third party starts: scaffold a plugin, build it, load it into the kernel next to the
 * installed ones, and see its federated page. Generated outside plugins/ and linked like npm
 * workspaces would, so the test leaves the repository as it found it.
 */
describe('plugin generator', () => {
  const workDir = mkdtempSync(path.join(ROOT, 'tooling', '.generated-'));
  const links = ['contract', 'server', 'web'].map((r) => path.join(ROOT, 'node_modules', '@atende', `plugin-${ID}-${r}`));
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let pluginDir: string;

  beforeAll(async () => {
    const installedBefore = readFileSync(path.join(ROOT, 'plugins/installed.json'), 'utf8');
    pluginDir = await generate(ID, { dir: workDir, register: false, link: true });
    expect(readFileSync(path.join(ROOT, 'plugins/installed.json'), 'utf8')).toBe(installedBefore);
    await run('npx', ['tsc', '-b', path.join(pluginDir, 'server')]);
    await run('npx', ['tsc', '-p', path.join(pluginDir, 'web', 'tsconfig.json')]);
    // Built as `npm run build` would: without vitest's variables (NODE_ENV=test would change what Vite defines).
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'));
    await run('npx', ['vite', 'build'], { cwd: path.join(pluginDir, 'web'), env });
    expect(existsSync(path.join(pluginDir, 'web', 'dist', 'remoteEntry.js'))).toBe(true);
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: `@atende/plugin-${ID}-server` } });
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
    for (const l of links) if (existsSync(l)) unlinkSync(l);
    rmSync(workDir, { recursive: true, force: true });
  });

  it('refuses bad, reserved and existing ids', async () => {
    await expect(generate('Bad_Id', { dir: workDir, register: false, install: false })).rejects.toThrow(/kebab-case/);
    await expect(generate('settings', { dir: workDir, register: false, install: false })).rejects.toThrow(/reserved/);
    await expect(generate(ID, { dir: workDir, register: false, install: false })).rejects.toThrow(/already exists/);
  });

  it('is loaded by the kernel: migration applied, API scoped to the company, listed in /api/plugins', async () => {
    const api = client(server.url);
    const { token } = await api.login(SUPER.email, SUPER.password);
    const plugins = (await api.get('/api/plugins', token)).body.map((p: { id: string }) => p.id);
    expect(plugins).toEqual(expect.arrayContaining(['helps', ID]));
    expect((await api.post(`/api/${ID}`, { title: 'x' }, token)).status).toBe(400);
    const created = await api.post(`/api/${ID}`, { title: 'Primera nota' }, token);
    expect(created.status).toBe(201);
    expect((await api.get(`/api/${ID}`, token)).body).toEqual([created.body]);
    expect(server.logs()).toContain(`${ID}_0001_init`);
  });

  it('scaffolds a keyword handler on the inbound chain, a durable event subscriber, a setting and a test with the kit, and that test passes', async () => {
    const serverDir = path.join(pluginDir, 'server');
    for (const file of [`src/${ID}.inbound.ts`, `src/${ID}.events.ts`, 'src/settings.ts', `test/${ID}.test.ts`]) expect(existsSync(path.join(serverDir, file)), file).toBe(true);
    const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.peerDependencies)).toEqual(expect.arrayContaining(['@atende/sdk-server', '@nestjs/common', '@mikro-orm/core']));
    // The generated test, run as its author would (its own vitest run, the kernel booted by the kit).
    // Vitest looks for a config up the tree (it would find the repository's): this run gets its own.
    const config = path.join(workDir, 'vitest.generated.config.mjs');
    writeFileSync(config, `export default { test: { root: ${JSON.stringify(serverDir)}, include: ['test/**/*.test.ts'], testTimeout: 60000, hookTimeout: 120000 } };\n`);
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'));
    await run(process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', config], { cwd: serverDir, env });
  }, 240_000);

  it('shows its page in the shell, its remote loaded at run time', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-email').fill(SUPER.email);
    await page.getByTestId('login-password').fill(SUPER.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId(`menu-${ID}`).click();
    await page
      .getByTestId(`${ID}-page`)
      .waitFor({ timeout: 15_000 })
      .catch((err: Error) => {
        throw new Error(`${err.message}\nBrowser errors: ${problems.join(' | ')}`);
      });
    await page.getByText('Primera nota').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
