import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { client, createDatabase, eventually, pause, queryDb, sandbox as sandboxOf, startServer, SUPER, twoCompanies, type RunningServer } from '@atende/sdk-server/testing';

const PLUGIN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MENU = 'Elija:\n\n*1* - Soporte\n*2* - Ventas';

/**
 * Issue 11, Proof: a plugin outside plugins/installed.json, built here and loaded through
 * ATENDE_PLUGINS, takes part in conversations through the SDK alone (inbound chain, Messages,
 * Tickets, Settings), ahead of the kernel's own queue bot; its plan flag keeps it away from a
 * company whose plan lacks it.
 */
describe('example plugin: ping → pong', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let soporte: number;
  let tag: number;
  let wa: number;
  let otherWa: number;

  let dataDir: string;
  // The same data directory (its secrets sign the tokens) for the process that replaces the first.
  const boot = async () => {
    server = await startServer({ databaseUrl: db.url, dataDir, env: { ATENDE_PLUGINS: path.join(PLUGIN_DIR, 'dist/index.js') } });
    api = client(server.url);
  };

  const sandbox = (token: string, queueIds: number[]) => sandboxOf(api, token).connect(`Sandbox ${queueIds.join('-')}`, { greetingMessage: 'Elija:', queueIds });
  const say = (token: string, connection: number, from: string, body: string) => sandboxOf(api, token).say(connection, from, body);
  const outbox = (token: string, connection: number, to: string) => sandboxOf(api, token).outbox(connection, to);
  const ticketOf = async (connection: number, number: string) =>
    (
      await queryDb(
        db.url,
        `select t.id, t.queue_id, t.status, t.holder, t.holder_state from tickets t join contacts c on c.id = t.contact_id
          where t.whatsapp_id = $1 and c.number = $2 order by t.id desc limit 1`,
        [connection, number],
      )
    )[0];
  /** Every message of the ticket went through the pipeline (and so through the chain). */
  const settledOn = async (connection: number, number: string, body: string) =>
    eventually(async () => (await queryDb(db.url, `select 1 from messages m join contacts c on c.id = m.contact_id where m.whatsapp_id = $1 and c.number = $2 and m.body = $3`, [connection, number, body])).length > 0);

  beforeAll(async () => {
    // Built here, not by the workspace build: the example is no installed plugin.
    execFileSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', path.join(PLUGIN_DIR, 'tsconfig.json')], { stdio: 'pipe' });
    db = await createDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atende-ping-'));
    await boot();
    ({ admin, otherAdmin } = await twoCompanies(api));
    // Otra moves to a plan without the plugin's flag.
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Sin integraciones', value: 10, users: 10, connections: 2, queues: 5, useIntegrations: false }, sup)).body;
    const otherId = (await queryDb(db.url, `select id from companies where name = 'Otra'`))[0].id;
    expect((await api.put(`/api/companies/${otherId}`, { planId: plan.id }, sup)).status).toBe(200);

    soporte = (await api.post('/api/queue', { name: 'Soporte', color: '#3f51b5' }, admin)).body.id;
    const ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63' }, admin)).body.id;
    tag = (await api.post('/api/tags', { name: 'Ping', color: '#00aa00' }, admin)).body.id;
    // The plugin's own company settings, through the kernel's settings API.
    expect((await api.put('/api/settings/example-ping.queueId', { value: String(soporte) }, admin)).status).toBe(200);
    expect((await api.put('/api/settings/example-ping.tagId', { value: String(tag) }, admin)).status).toBe(200);
    expect((await api.put('/api/settings/example-ping.tagId', { value: 'abc' }, admin)).status).toBe(400);
    wa = await sandbox(admin, [soporte, ventas]);
    const otherSoporte = (await api.post('/api/queue', { name: 'Soporte', color: '#3f51b5' }, otherAdmin)).body.id;
    const otherVentas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63' }, otherAdmin)).body.id;
    otherWa = await sandbox(otherAdmin, [otherSoporte, otherVentas]);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('claims a ticket opened by "ping" ahead of the queue bot: pong through Messages, a tag through Tickets, a count in its setting', async () => {
    const who = '51977700001';
    await say(admin, wa, who, 'ping');
    await eventually(async () => (await outbox(admin, wa, who)).length === 1);
    expect(await outbox(admin, wa, who)).toEqual(['pong']);
    const ticket = await ticketOf(wa, who);
    expect(ticket).toMatchObject({ holder: 'example-ping.ping', queue_id: null, status: 'pending' });
    expect(ticket.holder_state.pingedAt).toBeTruthy();
    const [pong] = await queryDb(db.url, `select source, correlation_id from messages where ticket_id = $1 and from_me`, [ticket.id]);
    expect(pong.source).toBe('example-ping');
    expect(pong.correlation_id).toMatch(/^ping-\d+$/);
    await eventually(async () => (await queryDb(db.url, `select 1 from ticket_tags where ticket_id = $1 and tag_id = $2`, [ticket.id, tag])).length === 1);
    await eventually(async () => (await api.get('/api/example-ping/stats', admin)).body.pings === 1);
  });

  it('holds the ticket across a restart; its next message goes to the holder alone, which releases it to the chosen queue', async () => {
    const who = '51977700002';
    await say(admin, wa, who, 'PING');
    await eventually(async () => (await ticketOf(wa, who))?.holder === 'example-ping.ping');
    await eventually(async () => (await outbox(admin, wa, who)).length === 1);
    // The hold lives on the ticket: a new process resumes it.
    await server.stop();
    await boot();
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED', 30_000);
    await say(admin, wa, who, 'gracias');
    await eventually(async () => (await ticketOf(wa, who)).queue_id === soporte);
    expect(await ticketOf(wa, who)).toMatchObject({ holder: null, status: 'pending' });
    await settledOn(wa, who, 'gracias');
    await pause(500);
    // It was the holder's: the queue bot (whose first contact it would have been) did not answer it.
    expect(await outbox(admin, wa, who)).toEqual(['pong']);
  });

  it('leaves other first messages to the queue bot, and lets go when an agent accepts the ticket', async () => {
    const who = '51977700003';
    await say(admin, wa, who, 'hola');
    await eventually(async () => (await outbox(admin, wa, who)).length === 1);
    expect(await outbox(admin, wa, who)).toEqual([MENU]);
    expect((await ticketOf(wa, who)).holder).toBe('kernel.queue-bot');

    const pinger = '51977700004';
    await say(admin, wa, pinger, 'ping');
    await eventually(async () => (await ticketOf(wa, pinger))?.holder === 'example-ping.ping');
    const ticket = await ticketOf(wa, pinger);
    expect((await api.put(`/api/tickets/${ticket.id}`, { status: 'open' }, admin)).status).toBe(200);
    expect((await ticketOf(wa, pinger)).holder).toBeNull();
  });

  it('a company whose plan lacks the flag never reaches its handler or its route', async () => {
    const who = '51977700005';
    await say(otherAdmin, otherWa, who, 'ping');
    await eventually(async () => (await outbox(otherAdmin, otherWa, who)).length === 1);
    expect(await outbox(otherAdmin, otherWa, who)).toEqual([MENU]);
    expect((await ticketOf(otherWa, who)).holder).toBe('kernel.queue-bot');
    expect((await api.get('/api/example-ping/stats', otherAdmin)).status).toBe(403);
    // Nor its settings.
    expect((await api.put('/api/settings/example-ping.queueId', { value: '1' }, otherAdmin)).status).toBe(404);
  });
});
