import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ROOT } from '../../lib/workspace.mjs';
import { SUPER, TENANT_PASSWORD, client, createDatabase, eventually, pause, queryDb, sandbox, startServer, twoCompanies, type RunningServer } from '@atende/sdk-server/testing';

interface Seen {
  messageId: number;
  body: string;
  companyId: number;
  ticketId: number;
  holder: string | null;
  status: string;
  userId: number | null;
  offers: string[];
  frozen: boolean;
  sendError?: string | null;
}

/**
 * Issue 29 item 5: an inbound observer sees every message, whoever holds the ticket (a handler, an
 * agent), and cannot answer: its context offers no reply/claim/release and the answering ports throw.
 */
describe('inbound observers', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let adminId: number;
  let companyId: number;
  let wa: number;
  let noFlag: { token: string; companyId: number; wa: number };

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: path.join(ROOT, 'tooling/test/fixtures/observer-plugin/index.mjs') } });
    api = client(server.url);
    ({ admin, companyId } = await twoCompanies(api));
    adminId = (await api.get('/api/auth/me', admin)).body.id;
    wa = await sandbox(api, admin).connect('Observada');
    // A company whose plan lacks the fixture plugin's flag (useCampaigns): its observer does not run there.
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Sin campañas', value: 1, users: 2, connections: 1, queues: 2, useCampaigns: false }, sup)).body;
    await api.post('/api/companies', { name: 'Sin', email: 'admin@sin.test', password: TENANT_PASSWORD, planId: plan.id }, sup);
    const sin = await api.login('admin@sin.test', TENANT_PASSWORD);
    noFlag = { token: sin.token, companyId: sin.user.companyId as number, wa: await sandbox(api, sin.token).connect('Sin bandera') };
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  const seen = async () => (await api.get('/api/fixture-observer', admin)).body as Seen[];
  const seenOf = async (body: string) => (await seen()).filter((s) => s.body === body);
  const ticketOf = async (connection: number, number: string) =>
    (await queryDb(db.url, `select t.id from tickets t join contacts c on c.id = t.contact_id where t.whatsapp_id = $1 and c.number = $2`, [connection, number]))[0]?.id as number;

  it('sees the messages of a ticket a handler holds, as the chain left it, with nothing to answer with', async () => {
    const who = '51977700001';
    const phone = sandbox(api, admin);
    await phone.say(wa, who, 'hold me');
    await eventually(async () => (await phone.outbox(wa, who)).includes('held'));
    await eventually(async () => (await seenOf('hold me')).length === 1);
    const [first] = await seenOf('hold me');
    expect(first).toMatchObject({ companyId, holder: 'fixture-observer.holder', ticketId: await ticketOf(wa, who) });
    // Only what it may read: no reply, claim, handOver, release, afterCommit nor transaction.
    expect(first!.offers).toEqual(['companyId', 'message', 'ticket']);
    expect(first!.frozen).toBe(true);

    await phone.say(wa, who, 'hello while held');
    await eventually(async () => (await phone.outbox(wa, who)).includes('still held'));
    await eventually(async () => (await seenOf('hello while held')).length === 1);
    expect((await seenOf('hello while held'))[0]).toMatchObject({ holder: 'fixture-observer.holder' });
    // The holder answered; the observer did not.
    expect(await phone.outbox(wa, who)).toEqual(['held', 'still held']);
  });

  it('sees the messages of a ticket an agent took, and the ports refuse its answer', async () => {
    const who = '51977700002';
    const phone = sandbox(api, admin);
    await phone.say(wa, who, 'hi');
    await eventually(async () => (await seenOf('hi')).length === 1);
    const ticketId = await ticketOf(wa, who);
    expect((await api.put(`/api/tickets/${ticketId}`, { status: 'open' }, admin)).status).toBe(200);
    await phone.say(wa, who, 'answer please');
    await eventually(async () => (await seenOf('answer please')).length === 1);
    const [entry] = await seenOf('answer please');
    expect(entry).toMatchObject({ ticketId, status: 'open', userId: adminId, holder: null });
    expect(entry!.sendError).toContain('an observer sees messages, it does not answer them');
    await pause(500);
    expect(await phone.outbox(wa, who)).toEqual([]);
    const stored = await queryDb(db.url, `select body from messages where ticket_id = $1 and from_me`, [ticketId]);
    expect(stored).toEqual([]);
  });

  it("does not run for a company whose plan lacks the plugin's flag", async () => {
    const who = '51977700003';
    await sandbox(api, noFlag.token).say(noFlag.wa, who, 'not for you');
    await eventually(async () => !!(await ticketOf(noFlag.wa, who)));
    await pause(1000);
    expect(await seenOf('not for you')).toEqual([]);
    expect((await seen()).every((s) => s.companyId === companyId)).toBe(true);
  });
});
