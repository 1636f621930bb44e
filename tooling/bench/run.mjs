// npm run bench: prints figures, asserts nothing. Needs a built tree (npm run build), PostgreSQL and Redis.
//   - server boot time: process spawn → /api/health 200, on an empty database (migrations + super user) and again warm
//   - shell JavaScript: what the browser downloads for /login, and what opening /helps adds (gzip over the wire)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { ROOT, freePort } from '../lib/workspace.mjs';

const ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `atende_bench_${Date.now()}`;
const dbUrl = Object.assign(new URL(ADMIN), { pathname: `/${dbName}` }).toString();
const dataDir = mkdtempSync(path.join(tmpdir(), 'atende-bench-'));
const SUPER = { email: 'bench@atende.local', password: 'Bench-pass-123' };

async function sql(q) {
  const c = new pg.Client({ connectionString: ADMIN });
  await c.connect();
  await c.query(q);
  await c.end();
}

async function boot() {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['core/server/dist/main.js'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, DATA_DIR: dataDir, SUPER_EMAIL: SUPER.email, SUPER_PASSWORD: SUPER.password, LOG_LEVEL: 'warn' },
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { url: `http://127.0.0.1:${port}`, ms: performance.now() - started, stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) };
}

function jsTotals(entries) {
  const js = entries.filter((e) => e.name.endsWith('.js'));
  return { files: js.length, gzip: js.reduce((n, e) => n + e.encodedBodySize, 0), raw: js.reduce((n, e) => n + e.decodedBodySize, 0) };
}
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

await sql(`create database "${dbName}"`);
try {
  const cold = await boot();
  await cold.stop();
  const warm = await boot();
  console.log(`server boot, empty database (migrations + super user): ${cold.ms.toFixed(0)} ms`);
  console.log(`server boot, warm:                                      ${warm.ms.toFixed(0)} ms`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  const t0 = performance.now();
  await page.goto(`${warm.url}/login`, { waitUntil: 'networkidle' });
  await page.getByTestId('login-email').waitFor();
  const loginMs = performance.now() - t0;
  const initial = jsTotals(await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.toJSON())));
  console.log(`shell initial JS (/login): ${initial.files} files, ${kb(initial.gzip)} gzip, ${kb(initial.raw)} raw; login form visible after ${loginMs.toFixed(0)} ms`);

  await page.getByTestId('login-email').fill(SUPER.email);
  await page.getByTestId('login-password').fill(SUPER.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('helps-page').waitFor();
  await page.waitForLoadState('networkidle');
  const after = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.toJSON()));
  const remote = jsTotals(after.filter((e) => e.name.includes('/plugins/helps/')));
  console.log(`helps remote JS (after sign-in):  ${remote.files} files, ${kb(remote.gzip)} gzip, ${kb(remote.raw)} raw`);
  await browser.close();
  await warm.stop();
} finally {
  await sql(`drop database if exists "${dbName}" with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
