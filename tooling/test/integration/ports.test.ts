import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { eventually, queryDb, sandbox } from '@atende/sdk-server/testing';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PW = 'Str0ng-pass';

/**
 * The SDK ports of issue 29 item 4, called by a fixture plugin for the signed-in user's company:
 * every answer is that company's (never another's), and the writes keep the kernel's rules.
 */
describe('SDK ports: plans, users, tags, contacts, companies', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let sup: string;
  let cheap: { id: number };
  let big: { id: number };
  const A = { id: 0, email: 'admin@puertos-a.test', token: '', userId: 0, code: '' };
  const B = { id: 0, email: 'admin@puertos-b.test', token: '', userId: 0 };
  const C = { id: 0, email: 'admin@puertos-c.test' };

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: path.join(ROOT, 'tooling/test/fixtures/ports-plugin/index.mjs') } });
    api = client(server.url);
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    cheap = (await api.post('/api/plans', { name: 'Puerto Básico', value: 29.9, users: 3, connections: 1, queues: 2 }, sup)).body;
    big = (await api.post('/api/plans', { name: 'Puerto Grande', value: 199, users: 50, connections: 5, queues: 20, offered: false }, sup)).body;
    const a = await api.post('/api/companies', { name: 'Puertos Alfa', email: A.email, password: PW, planId: cheap.id }, sup);
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    A.id = a.body.id;
    A.code = (await api.get(`/api/companies/${A.id}`, sup)).body.referralCode;
    B.id = (await api.post('/api/companies', { name: 'Puertos Beta', email: B.email, password: PW, planId: big.id }, sup)).body.id;
    // C signs up with A's referral code: A's referral.
    const c = await api.post('/api/companies/cadastro', { name: 'Puertos Gama', email: C.email, phone: '51911100000', password: PW, planId: cheap.id, referralCode: A.code });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    A.token = (await api.login(A.email, PW)).token;
    B.token = (await api.login(B.email, PW)).token;
    A.userId = (await api.get('/api/auth/me', A.token)).body.id;
    B.userId = (await api.get('/api/auth/me', B.token)).body.id;
    C.id = (await api.post('/api/fixture-ports/company', { action: 'list', query: { search: 'Puertos Gama' } }, sup)).body[0].id;
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('PLANS: list (cheapest first, offered flag), get, many', async () => {
    const all = (await api.get('/api/fixture-ports/plan/all', A.token)).body as { id: number; name: string; value: number; offered: boolean }[];
    const mine = all.filter((p) => p.name.startsWith('Puerto '));
    expect(mine).toEqual([
      expect.objectContaining({ id: cheap.id, value: 29.9, users: 3, connections: 1, queues: 2, offered: true }),
      expect.objectContaining({ id: big.id, value: 199, offered: false }),
    ]);
    expect(all.map((p) => p.value)).toEqual([...all.map((p) => p.value)].sort((x, y) => x - y));
    expect((await api.get(`/api/fixture-ports/plan/${big.id}`, A.token)).body.plan).toMatchObject({ id: big.id, name: 'Puerto Grande' });
    expect((await api.get('/api/fixture-ports/plan/999999', A.token)).body.plan).toBeNull();
    expect(((await api.get(`/api/fixture-ports/plan/${big.id},999999`, A.token)).body as { id: number }[]).map((p) => p.id)).toEqual([big.id]);
  });

  it('USERS: list is the caller company only; get and byEmail find one user', async () => {
    const mine = (await api.post('/api/fixture-ports/user', { action: 'list', ids: [A.userId, B.userId] }, A.token)).body as { id: number; companyId: number }[];
    expect(mine).toEqual([expect.objectContaining({ id: A.userId, companyId: A.id, email: A.email, profile: 'admin', super: false, enabled: true })]);
    const theirs = (await api.post('/api/fixture-ports/user', { action: 'list', ids: [A.userId, B.userId] }, B.token)).body as { id: number }[];
    expect(theirs.map((u) => u.id)).toEqual([B.userId]);
    expect((await api.post('/api/fixture-ports/user', { action: 'get', id: B.userId }, sup)).body.user).toMatchObject({ id: B.userId, companyId: B.id });
    expect((await api.post('/api/fixture-ports/user', { action: 'byEmail', email: B.email.toUpperCase() }, sup)).body.user).toMatchObject({ id: B.userId });
    // A % in the e-mail is a literal character, not a wildcard.
    expect((await api.post('/api/fixture-ports/user', { action: 'byEmail', email: 'admin@puertos-%.test' }, sup)).body.user).toBeNull();
    expect((await api.post('/api/fixture-ports/user', { action: 'get', id: 999999 }, sup)).body.user).toBeNull();
  });

  it('TAGS: create in the caller company (409 on a name it has), ensure finds or creates once', async () => {
    const made = await api.post('/api/fixture-ports/tag', { action: 'create', tag: { name: 'Puerto VIP', color: '#FF0000' } }, A.token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ name: 'Puerto VIP', color: '#FF0000', kanban: 0, ticketsCount: 0 });
    const again = await api.post('/api/fixture-ports/tag', { action: 'create', tag: { name: 'Puerto VIP' } }, A.token);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_VALIDATION');
    const bad = await api.post('/api/fixture-ports/tag', { action: 'create', tag: { name: 'x' } }, A.token);
    expect(bad.status).toBe(400);
    // The same name in B is B's own tag (no clash, not A's row).
    const inB = await api.post('/api/fixture-ports/tag', { action: 'ensure', tag: { name: 'Puerto VIP' } }, B.token);
    expect(inB.body.id).not.toBe(made.body.id);
    const ensured = await Promise.all([1, 2, 3].map(() => api.post('/api/fixture-ports/tag', { action: 'ensure', tag: { name: 'Puerto Nuevo' } }, A.token)));
    expect(new Set(ensured.map((r) => r.body.id)).size).toBe(1);
    expect((await api.post('/api/fixture-ports/tag', { action: 'ensure', tag: { name: 'Puerto VIP' } }, A.token)).body.id).toBe(made.body.id);
    const aTags = (await api.get('/api/tags/list', A.token)).body as { name: string }[];
    expect(aTags.filter((t) => t.name.startsWith('Puerto ')).map((t) => t.name)).toEqual(['Puerto Nuevo', 'Puerto VIP']);
    const bTags = (await api.get('/api/tags/list', B.token)).body as { name: string }[];
    expect(bTags.filter((t) => t.name.startsWith('Puerto ')).map((t) => t.name)).toEqual(['Puerto VIP']);
  });

  it('CONTACTS: many and matching answer the caller company only', async () => {
    const a1 = (await api.post('/api/contacts', { name: 'Rosa Puerto', number: '51911177001' }, A.token)).body;
    const a2 = (await api.post('/api/contacts', { name: 'Luis 100%', number: '51911177002' }, A.token)).body;
    const b1 = (await api.post('/api/contacts', { name: 'Rosa Puerto', number: '51911177001' }, B.token)).body;
    const many = (await api.post('/api/fixture-ports/contact', { action: 'many', ids: [a1.id, a2.id, b1.id] }, A.token)).body as { id: number }[];
    expect(many.map((c) => c.id)).toEqual([a1.id, a2.id]);
    expect((await api.post('/api/fixture-ports/contact', { action: 'matching', text: 'rosa' }, A.token)).body).toEqual([a1.id]);
    expect((await api.post('/api/fixture-ports/contact', { action: 'matching', text: 'rosa' }, B.token)).body).toEqual([b1.id]);
    expect((await api.post('/api/fixture-ports/contact', { action: 'matching', text: '177002' }, A.token)).body).toEqual([a2.id]);
    // % is literal: only the name that has one.
    expect((await api.post('/api/fixture-ports/contact', { action: 'matching', text: '%' }, A.token)).body).toEqual([a2.id]);
    // Bounded: newest first, at most the limit asked (and never more than 2,000).
    expect((await api.post('/api/fixture-ports/contact', { action: 'matching', text: '5191117', limit: 1 }, A.token)).body).toEqual([a2.id]);
    expect((await api.post('/api/fixture-ports/contact', { action: 'matching', text: '5191117' }, A.token)).body).toEqual([a2.id, a1.id]);
  });

  it('COMPANIES: get carries the terms billing needs; referrals are the caller company’s only; list filters', async () => {
    const me = (await api.post('/api/fixture-ports/company', { action: 'get' }, A.token)).body.company;
    expect(me).toMatchObject({ id: A.id, name: 'Puertos Alfa', email: A.email, planId: cheap.id, referralCode: A.code, referredById: null, isPlatform: false, recurrence: 'MENSAL' });
    expect(Date.parse(me.createdAt)).not.toBeNaN();
    const refs = (await api.post('/api/fixture-ports/company', { action: 'referrals' }, A.token)).body as { id: number; referredById: number }[];
    expect(refs.map((c) => c.id)).toEqual([C.id]);
    expect(refs[0]!.referredById).toBe(A.id);
    expect((await api.post('/api/fixture-ports/company', { action: 'referrals' }, B.token)).body).toEqual([]);
    const byIds = (await api.post('/api/fixture-ports/company', { action: 'list', query: { ids: [A.id, B.id, 999999] } }, sup)).body as { id: number }[];
    expect(byIds.map((c) => c.id).sort()).toEqual([A.id, B.id].sort());
    // dueBy: only active tenants due by then (new companies are due at the end of their trial).
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString();
    const due = (await api.post('/api/fixture-ports/company', { action: 'list', query: { dueBy: far } }, sup)).body as { id: number; isPlatform: boolean }[];
    expect(due.map((c) => c.id)).toEqual(expect.arrayContaining([A.id, B.id, C.id]));
    expect(due.some((c) => c.isPlatform)).toBe(false);
    const past = (await api.post('/api/fixture-ports/company', { action: 'list', query: { dueBy: '2000-01-01T00:00:00.000Z' } }, sup)).body as unknown[];
    expect(past).toEqual([]);
    expect((await api.post('/api/fixture-ports/company', { action: 'list', query: { search: 'beta' } }, sup)).body.map((c: { id: number }) => c.id)).toEqual([B.id]);
  });

  it('issue 31: QUEUES.list, MESSAGES.recent/get, TICKETS.note, COMPANIES.adjustCredits answer for the company only', async () => {
    const qa = (await api.post('/api/queue', { name: 'Cola Alfa', color: '#e91e63' }, A.token)).body.id as number;
    const qb = (await api.post('/api/queue', { name: 'Cola Beta', color: '#3f51b5' }, B.token)).body.id as number;
    const ai = (token: string, body: object) => api.post('/api/fixture-ports/ai', body, token);
    expect((await ai(A.token, { action: 'queues' })).body.map((q: { name: string }) => q.name)).toEqual(['Cola Alfa']);
    expect((await ai(A.token, { action: 'queues', ids: [qa, qb] })).body).toEqual([{ id: qa, name: 'Cola Alfa', color: '#e91e63' }]);
    expect((await ai(A.token, { action: 'queues', ids: [qb] })).body).toEqual([]);

    const wa = await sandbox(api, A.token).connect('Puertos IA');
    for (const text of ['uno', 'dos', 'tres']) await sandbox(api, A.token).say(wa, '51955500001', text, 'Cliente');
    const ticket = (await eventually(async () => {
      const rows = await queryDb(db.url, `select t.id, (select count(*)::int from messages m where m.ticket_id = t.id) as n from tickets t where t.whatsapp_id = $1`, [wa]);
      return rows[0]?.n === 3 ? rows[0] : undefined;
    }))!;
    const recent = (await ai(A.token, { action: 'recent', ticketId: ticket.id, limit: 2 })).body;
    expect(recent.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe])).toEqual([['dos', false], ['tres', false]]);
    expect((await ai(B.token, { action: 'recent', ticketId: ticket.id, limit: 2 })).body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await ai(A.token, { action: 'message', messageId: recent[1].id })).body.message).toMatchObject({ body: 'tres', ticketId: ticket.id });
    expect((await ai(B.token, { action: 'message', messageId: recent[1].id })).body.message).toBeNull();

    expect((await ai(B.token, { action: 'note', ticketId: ticket.id, text: 'ajena' })).status).toBe(404);
    const note = (await ai(A.token, { action: 'note', ticketId: ticket.id, text: 'Pasó a un agente' })).body;
    expect(await queryDb(db.url, `select note, user_id from ticket_notes where id = $1`, [note.noteId])).toEqual([{ note: 'Pasó a un agente', user_id: null }]);

    expect((await api.put(`/api/companies/${A.id}`, { creditos: 3 }, sup)).status).toBe(200);
    expect((await ai(A.token, { action: 'credits', delta: -2 })).body.credits).toBe(1);
    expect((await ai(A.token, { action: 'credits', delta: -2 })).body.credits).toBeNull();
    expect((await ai(A.token, { action: 'credits', delta: 4 })).body.credits).toBe(5);
    expect((await api.post('/api/fixture-ports/company', { action: 'get' }, A.token)).body.company.credits).toBe(5);
    // B's balance never moved.
    expect((await api.post('/api/fixture-ports/company', { action: 'get' }, B.token)).body.company.credits).toBe(0);
  });
});
