import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, type RunningServer } from '../support/server.js';
import { ROOT } from '../../lib/workspace.mjs';

/**
 * Issue 35 item 6: `npm run backup` writes the database, media and secrets encrypted with BACKUP_KEY;
 * `npm run restore` puts them into a fresh database and data directory, and a server started on them
 * shows the same conversation (and accepts the same sign-in: the secrets came back too).
 */
const KEY = 'correct horse battery staple 35';
const CUSTOMER = '51922233344';
const CSV = Buffer.from('producto,precio\nmesa,100\n');

function npmRun(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, [path.join(ROOT, 'tooling/scripts', `${script}.mjs`), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('backup and restore', () => {
  const dbs: Awaited<ReturnType<typeof createDatabase>>[] = [];
  const servers: RunningServer[] = [];
  let work: string;
  let source: { db: string; dataDir: string };
  let admin: string;
  let ticketId: number;
  let mediaUrl: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'atende-backup-test-'));
    const db = await createDatabase();
    dbs.push(db);
    const dataDir = path.join(work, 'source-data');
    const s = await startServer({ databaseUrl: db.url, dataDir });
    servers.push(s);
    const api = client(s.url);
    ({ admin } = await twoCompanies(api));
    const wa = await sandbox(api, admin).connect('Principal');
    await sandbox(api, admin).say(wa, CUSTOMER, 'Hola, ¿tienen mesas?');
    ticketId = await eventually(async () => (await api.get('/api/tickets?status=pending', admin)).body.tickets?.[0]?.id);
    expect((await api.put(`/api/tickets/${ticketId}`, { status: 'open' }, admin)).status).toBe(200);
    const fd = new FormData();
    fd.append('body', 'la lista de precios');
    fd.append('medias', new Blob([new Uint8Array(CSV)], { type: 'text/csv' }), 'precios.csv');
    const sent = await fetch(`${s.url}/api/messages/${ticketId}`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: fd });
    expect(sent.status).toBe(201);
    mediaUrl = (await sent.json())[0].mediaUrl;
    source = { db: db.url, dataDir };
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
    for (const db of dbs) await db.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up, refuses a wrong key, restores into a fresh database, and the conversation reads back', async () => {
    const file = path.join(work, 'nightly.atb');
    // A killed run's plaintext staging folder (inside DATA_DIR, never /tmp) is cleared by the next run.
    const stale = path.join(source.dataDir, '.atende-backup-killed');
    mkdirSync(stale);
    utimesSync(stale, new Date(Date.now() - 2 * 3_600_000), new Date(Date.now() - 2 * 3_600_000));
    const made = await npmRun('backup', ['--out', file], { DATABASE_URL: source.db, DATA_DIR: source.dataDir, BACKUP_KEY: KEY });
    expect(made.code, made.output).toBe(0);
    expect(readdirSync(source.dataDir).filter((n) => n.startsWith('.atende-'))).toEqual([]);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 10).toString()).toBe('ATENDEBK1\n');
    // Encrypted: neither the secrets file nor the media are readable in it.
    const secrets = readFileSync(path.join(source.dataDir, 'secrets.json'));
    expect(bytes.includes(secrets.subarray(0, 40))).toBe(false);
    expect(bytes.includes(CSV)).toBe(false);

    const fresh = await createDatabase();
    dbs.push(fresh);
    const dataDir = path.join(work, 'restored-data');
    const wrong = await npmRun('restore', [file], { DATABASE_URL: fresh.url, DATA_DIR: dataDir, BACKUP_KEY: 'not the key, not the key' });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toMatch(/wrong BACKUP_KEY or a damaged file/);
    expect(await queryDb(fresh.url, "select to_regclass('public.tickets') as t")).toEqual([{ t: null }]);

    const done = await npmRun('restore', [file], { DATABASE_URL: fresh.url, DATA_DIR: dataDir, BACKUP_KEY: KEY });
    expect(done.code, done.output).toBe(0);
    // Restoring over it again is refused without --force: a restore never silently replaces data.
    const again = await npmRun('restore', [file], { DATABASE_URL: fresh.url, DATA_DIR: dataDir, BACKUP_KEY: KEY });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds Atende tables/);

    const s = await startServer({ databaseUrl: fresh.url, dataDir });
    servers.push(s);
    const api = client(s.url);
    // Same JWT secret restored: the token signed before the backup is still accepted.
    const page = (await api.get(`/api/messages/${ticketId}`, admin)).body;
    expect(page.messages.map((m: { body: string }) => m.body)).toEqual(expect.arrayContaining(['Hola, ¿tienen mesas?', 'la lista de precios']));
    const media = await fetch(`${s.url}${mediaUrl}`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer()).equals(CSV)).toBe(true);
  });

  it('refuses a short key before doing anything', async () => {
    const r = await npmRun('backup', ['--out', path.join(work, 'x.atb')], { DATABASE_URL: source.db, DATA_DIR: source.dataDir, BACKUP_KEY: 'short' });
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/BACKUP_KEY must be set to a passphrase of at least 16 characters/);
  });
});
