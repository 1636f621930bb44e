import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { client, createDatabase, queryDb, startServer, type RunningServer } from '../support/server.js';
import { twoCompanies } from '../support/tenants.js';
import { eventually } from '../support/wait.js';

const CUSTOMER = '5491155550101';
const BODIES = ['uno', 'dos', 'tres', 'cuatro', 'cinco'].map((w) => `Mensaje ${w}`);
/** The window between a message leaving and its send being recorded, widened (NODE_ENV=test only). */
const WINDOW_MS = 3_000;

/**
 * Issue 28 item 1: the server is SIGKILLed after a message left and before its provider id was
 * recorded, then restarted on the same database. The retry must send it again under the id chosen
 * before it left, so the sandbox's phone sees every message exactly once, and each message ends with
 * that one provider id (before, the retry sent it again under a new id: one message doubled).
 */
describe('outbound: a crash between sending and recording', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let dataDir: string;
  const servers: RunningServer[] = [];

  const boot = async (env: Record<string, string> = {}) => {
    const s = await startServer({ databaseUrl: db.url, dataDir, env: { WA_VERSION_CHECK: 'false', ...env } });
    servers.push(s);
    return s;
  };

  beforeAll(async () => {
    db = await createDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atende-outbound-crash-'));
  });
  afterAll(async () => {
    for (const s of servers.splice(0)) await s.stop({ keepData: true }).catch(() => undefined);
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGKILL inside the window: after a restart each message reached the phone once, with its provider id stored once', async () => {
    const a = await boot({ OUTBOUND_TEST_RECORD_DELAY_MS: String(WINDOW_MS) });
    let api = client(a.url);
    const { admin } = await twoCompanies(api);
    const wa = (await api.post('/api/whatsapp', { name: 'Principal', provider: 'sandbox' }, admin)).body.id as number;
    expect((await api.post(`/api/whatsappsession/${wa}`, {}, admin)).status).toBe(200);
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
    expect((await api.post(`/api/sandbox/${wa}/messages`, { from: CUSTOMER, body: 'Hola', id: 'IN-1' }, admin)).status).toBe(202);
    const ticketId = (await eventually(async () => (await api.get('/api/tickets?status=pending', admin)).body.tickets[0])).id as number;
    expect((await api.put(`/api/tickets/${ticketId}`, { status: 'open' }, admin)).status).toBe(200);

    const ids: number[] = [];
    for (const body of BODIES) {
      const r = await api.post(`/api/messages/${ticketId}`, { body }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      ids.push(r.body.id as number);
    }
    const phone = async () => ((await api.get(`/api/sandbox/${wa}/messages?to=${CUSTOMER}`, admin)).body as { body: string }[]).filter((m) => BODIES.includes(m.body));
    const rows = () =>
      queryDb(db.url, `select id, ack, provider_message_id from messages where id = any($1::int[]) order by id`, [ids]) as Promise<{ id: number; ack: number; provider_message_id: string | null }[]>;
    // The first message is on the phone and its send not yet recorded (ack 0): inside the window.
    await eventually(async () => (await phone()).length === 1 && (await rows())[0].ack === 0, 10_000);
    const exited = new Promise((r) => a.process.once('exit', r));
    a.process.kill('SIGKILL');
    await exited;

    const b = await boot();
    api = client(b.url);
    // The session comes back by itself and the killed process's job is taken over (its lock lapses).
    const done = await eventually(async () => {
      const r = await rows();
      return r.every((m) => m.ack >= 1) ? r : null;
    }, 50_000);
    const received = await phone();
    expect(received.map((m) => m.body).sort()).toEqual([...BODIES].sort());
    const stored = await queryDb(db.url, `select provider_message_id from sandbox_outbox where whatsapp_id = $1 and body = any($2::text[])`, [wa, BODIES]);
    expect(done.map((m) => m.provider_message_id).sort()).toEqual(stored.map((r) => r.provider_message_id as string).sort());
    expect(new Set(done.map((m) => m.provider_message_id)).size).toBe(BODIES.length);
  }, 110_000);
});
