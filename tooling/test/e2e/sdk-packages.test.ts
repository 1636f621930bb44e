import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../lib/workspace.mjs';
import { SUPER, TENANT_PASSWORD, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { launchBrowser } from '../support/browser.js';

/** The packages a third party installs, by workspace folder (the tarballs `npm pack` makes of the built packages). */
const PACKAGES = {
  '@atende/core-contract': 'core/contract',
  '@atende/sdk-server': 'sdk/server',
  '@atende/sdk-web': 'sdk/web',
  '@atende/server': 'core/server',
  '@atende/shell': 'shell',
  'create-atende-plugin': 'sdk/create-atende-plugin',
} as const;
const ID = 'sdk-probe';

/** Runs a command to its end, answering its output; fails with that output. No shell, no inherited vitest variables. */
function sh(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST')) as Record<string, string>;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...base, NO_COLOR: '1', FORCE_COLOR: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} (in ${cwd}) exited with ${code}:\n${out.slice(-6000)}`))));
  });
}

/**
 * Issue 29 item 8, the SDK as a product: pack the packages, scaffold a plugin with create-atende-plugin in a
 * folder outside the workspace, install the tarballs there (files, not links into the repository; npm
 * takes third-party packages from its cache), build it, run its own tests with the kit, load it into the
 * kernel installed beside it with ATENDE_PLUGINS and see its page in Chromium; a plan without its
 * feature is refused. The kernel is the packed @atende/server: a plugin shares its Nest and MikroORM
 * with the kernel only when both resolve them from one node_modules, as an installation does.
 */
describe('the SDK as a product (packed, scaffolded outside the repository, installed, built, tested, loaded)', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'atende-sdk-'));
  const packs = path.join(work, 'packs');
  const project = path.join(work, ID);
  const tarballs: Record<string, string> = {};
  let ownTests: Promise<string>;
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    expect(path.relative(ROOT, work).startsWith('..')).toBe(true);
    mkdirSync(packs);
    const started = Date.now();
    // Each phase's time is logged as it ends, for when this test nears its bound on a busy machine.
    const phase = (name: string) => console.log(`sdk-packages: ${name} after ${Math.round((Date.now() - started) / 1000)} s`);
    const packed = await Promise.all(
      Object.entries(PACKAGES).map(async ([name, dir]) => {
        const [info] = JSON.parse(await sh('npm', ['pack', '--json', '--pack-destination', packs], path.join(ROOT, dir))) as { filename: string; files: { path: string }[] }[];
        return [name, info] as const;
      }),
    );
    for (const [name, info] of packed) {
      tarballs[name] = path.join(packs, info.filename);
      const files = info.files.map((f) => f.path);
      expect(files, name).toContain('README.md');
      expect(files, name).toContain('CHANGELOG.md');
      expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.startsWith('templates/')), `${name}: TypeScript sources`).toEqual([]);
      if (name !== 'create-atende-plugin' && name !== '@atende/shell') {
        expect(files.some((f) => f.endsWith('.js')) && files.some((f) => f.endsWith('.d.ts')), `${name}: built JS and .d.ts`).toBe(true);
      }
    }
    phase('packed');
    // Scaffold with the packed create-atende-plugin, as `npm create atende-plugin` would run its bin.
    await sh('tar', ['xzf', tarballs['create-atende-plugin'], '-C', packs], packs);
    await sh(process.execPath, [path.join(packs, 'package', 'index.mjs'), ID, '--dir', work], work);
    // The Atende packages from the tarballs instead of the registry; everything else as scaffolded.
    const pkgFile = path.join(project, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { devDependencies: Record<string, string> };
    for (const name of Object.keys(PACKAGES)) if (pkg.devDependencies[name]) pkg.devDependencies[name] = `file:${tarballs[name]}`;
    writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
    await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], project);
    phase('installed');
    await sh('npm', ['run', 'build'], project);
    phase('built');
    // Its own tests (its vitest, the kit, the kernel from its node_modules) run while this file drives a browser.
    ownTests = sh('npm', ['test'], project, { TEST_DB_PREFIX: 'sdk_probe_' });
    ownTests.catch(() => undefined);
    db = await createDatabase();
    server = await startServer({
      databaseUrl: db.url,
      kernel: path.join(project, 'node_modules', '@atende', 'server', 'dist', 'main.js'),
      env: { ATENDE_PLUGINS: path.join(project, 'dist', 'server', 'index.js') },
    });
    browser = await launchBrowser();
    phase('kernel up');
  }, 230_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
    await ownTests?.catch(() => undefined);
    // Hundreds of installed packages take a while to delete on a busy machine: removed in the background.
    spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
  });

  it('installed the Atende packages as copies from the tarballs, nothing linked into the workspace', () => {
    for (const name of Object.keys(PACKAGES).filter((n) => n.startsWith('@atende/'))) {
      const dir = path.join(project, 'node_modules', name);
      expect(lstatSync(dir).isSymbolicLink(), name).toBe(false);
      expect(path.relative(ROOT, realpathSync(dir)).startsWith('..'), name).toBe(true);
      expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version).toBe('1.0.0');
    }
    // One copy of each singleton the kernel and the plugin share.
    for (const single of ['@nestjs/common', '@mikro-orm/core', 'react', 'antd']) {
      expect(existsSync(path.join(project, 'node_modules', '@atende', 'server', 'node_modules', single)), single).toBe(false);
    }
    expect(readdirSync(path.join(project, 'web', 'dist'))).toEqual(expect.arrayContaining(['remoteEntry.js', 'atende-remote.json']));
  });

  it("passes its own tests, run with the kit against the kernel it installed", async () => {
    const out = await ownTests;
    expect(out).toMatch(/Tests\s+\S*5 passed/);
  }, 120_000);

  it('is loaded by the kernel with ATENDE_PLUGINS, says its SDK, and shows its page in the shell', async () => {
    const api = client(server.url);
    const { token } = await api.login(SUPER.email, SUPER.password);
    const listed = ((await api.get('/api/plugins', token)).body as { id: string; sdkWeb?: string | null; locked: boolean }[]).find((p) => p.id === ID);
    expect(listed).toMatchObject({ id: ID, sdkWeb: '1.0.0', locked: false });
    expect((await api.post(`/api/${ID}`, { title: 'Desde el paquete' }, token)).status).toBe(201);

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
      .waitFor({ timeout: 20_000 })
      .catch((err: Error) => {
        throw new Error(`${err.message}\nBrowser errors: ${problems.join(' | ')}`);
      });
    await page.getByText('Desde el paquete').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is refused (403) to a company whose plan lacks its feature, and listed to it as locked', async () => {
    const api = client(server.url);
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Sin integraciones', value: 5, users: 2, connections: 1, queues: 1, useIntegrations: false }, sup)).body;
    expect((await api.post('/api/companies', { name: 'Sin plugin', email: 'admin@sinplugin.test', password: TENANT_PASSWORD, planId: plan.id }, sup)).status).toBe(201);
    const { token } = await api.login('admin@sinplugin.test', TENANT_PASSWORD);
    const refused = await api.get(`/api/${ID}`, token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    const listed = ((await api.get('/api/plugins', token)).body as { id: string; locked: boolean; remoteEntry: string | null }[]).find((p) => p.id === ID);
    expect(listed).toMatchObject({ locked: true, remoteEntry: null });
  });
});
