import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ROOT } from '../../lib/workspace.mjs';
import { connect, record } from '../support/realtime.js';
import { SUPER, TENANT_PASSWORD, client, createDatabase, eventually, pause, queryDb, sandbox, startServer, twoCompanies, type RunningServer } from '@atende/sdk-server/testing';

/**
 * Issue 11 item 2: the inbound chain's own rules, with the fixture plugin's handler (priority 50,
 * ahead of the kernel's) and the kernel's queue bot behind it. The example plugin's test
 * (tooling/examples/ping-pong) covers claim, release to a queue, the plan gate and a restart.
 */
describe('inbound handler chain', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let companyId: number;
  let otherCompanyId: number;
  let noFlagAdmin: string;
  let noFlagCompanyId: number;
  let wa: number;
  const MENU = 'Elija:\n\n*1* - Soporte\n*2* - Ventas';

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: path.join(ROOT, 'tooling/test/fixtures/events-plugin/index.mjs'), ATENDE_PLUGINS_DISABLED: '@atende/plugin-ai-server' } });
    api = client(server.url);
    ({ admin, companyId } = await twoCompanies(api));
    otherCompanyId = (await queryDb(db.url, `select id from companies where name = 'Otra'`))[0].id as number;
    // A company whose plan lacks the fixture plugin's flag (useCampaigns).
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Sin campañas', value: 1, users: 2, connections: 1, queues: 2, useCampaigns: false }, sup)).body;
    await api.post('/api/companies', { name: 'Sin', email: 'admin@sin.test', password: TENANT_PASSWORD, planId: plan.id }, sup);
    const sin = await api.login('admin@sin.test', TENANT_PASSWORD);
    noFlagAdmin = sin.token;
    noFlagCompanyId = sin.user.companyId as number;
    const soporte = (await api.post('/api/queue', { name: 'Soporte', color: '#3f51b5' }, admin)).body.id;
    const ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63' }, admin)).body.id;
    wa = await sandbox(api, admin).connect('Cadena', { greetingMessage: 'Elija:', queueIds: [soporte, ventas] });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  const phone = () => sandbox(api, admin);
  const ticketOf = async (number: string) =>
    (
      await queryDb(db.url, `select t.id, t.holder, t.holder_state, t.held_until from tickets t join contacts c on c.id = t.contact_id where t.whatsapp_id = $1 and c.number = $2`, [
        wa,
        number,
      ])
    )[0];
  const notes = async () => (await queryDb(db.url, `select name from fixture_events_notes order by id`)).map((r) => r.name as string);

  it('a handler that throws is undone (its hold, its rows, its reply) and the chain goes on to the queue bot', async () => {
    const who = '51966600001';
    await phone().say(wa, who, 'boom');
    await eventually(async () => (await phone().outbox(wa, who)).length === 1);
    expect(await phone().outbox(wa, who)).toEqual([MENU]);
    expect((await ticketOf(who)).holder).toBe('kernel.queue-bot');
    expect(await notes()).not.toContain('never');
    expect(server.logs()).toContain('boom on purpose');
  });

  it('a port that changes kernel data, called inside handle, throws: the handler is undone and the chain goes on', async () => {
    const who = '51966600006';
    await phone().say(wa, who, 'port inside');
    await eventually(async () => (await phone().outbox(wa, who)).length === 1);
    expect(await phone().outbox(wa, who)).toEqual([MENU]);
    expect((await ticketOf(who)).holder).toBe('kernel.queue-bot');
    expect(server.logs()).toContain('Tickets.tag was called inside the inbound handler fixture-events.chain');
  });

  it("a handler's own rows commit with its hold, in the chain's transaction", async () => {
    const who = '51966600002';
    await phone().say(wa, who, 'note');
    await eventually(async () => (await phone().outbox(wa, who)).length === 1);
    expect(await phone().outbox(wa, who)).toEqual(['anotado']);
    const ticket = await ticketOf(who);
    expect(ticket).toMatchObject({ holder: 'fixture-events.chain', holder_state: { noted: true }, held_until: null });
    expect(await notes()).toContain(`note of ticket ${ticket.id}`);
  });

  it('a hold past its end counts as released: the next message goes through the whole chain', async () => {
    const who = '51966600003';
    await phone().say(wa, who, 'fleeting');
    await eventually(async () => (await ticketOf(who))?.holder === 'fixture-events.chain');
    expect((await ticketOf(who)).held_until).not.toBeNull();
    await pause(600);
    await phone().say(wa, who, 'hola');
    // Not the holder's any more: the queue bot's first contact answers (and takes the hold).
    await eventually(async () => (await phone().outbox(wa, who)).length === 1);
    expect(await phone().outbox(wa, who)).toEqual([MENU]);
    expect((await ticketOf(who)).holder).toBe('kernel.queue-bot');
  });

  it('a ticket held by a handler that is gone is released and the message goes through the chain', async () => {
    const who = '51966600004';
    await phone().say(wa, who, 'note');
    await eventually(async () => (await ticketOf(who))?.holder === 'fixture-events.chain');
    await queryDb(db.url, `update tickets set holder = 'uninstalled-plugin.flow', holder_state = '{"step": 3}' where id = $1`, [(await ticketOf(who)).id]);
    await phone().say(wa, who, 'hola');
    await eventually(async () => (await phone().outbox(wa, who)).length === 2);
    expect((await phone().outbox(wa, who))[1]).toBe(MENU);
    expect((await ticketOf(who)).holder).toBe('kernel.queue-bot');
  });

  it('only the holder sees the next messages: a held ticket gets nothing from the queue bot', async () => {
    const who = '51966600005';
    await phone().say(wa, who, 'note');
    await eventually(async () => (await phone().outbox(wa, who)).length === 1);
    await phone().say(wa, who, '1');
    await eventually(async () => (await queryDb(db.url, `select 1 from messages m join tickets t on t.id = m.ticket_id where t.id = $1 and m.body = '1'`, [(await ticketOf(who)).id])).length === 1);
    await pause(500);
    // The fixture passes while holding: the chain stops there (no menu, no routing by "1").
    expect(await phone().outbox(wa, who)).toEqual(['anotado']);
    expect(await queryDb(db.url, `select queue_id from tickets where id = $1`, [(await ticketOf(who)).id])).toEqual([{ queue_id: null }]);
    // An agent accepting the ticket releases it.
    expect((await api.put(`/api/tickets/${(await ticketOf(who)).id}`, { status: 'open' }, admin)).status).toBe(200);
    expect((await ticketOf(who)).holder).toBeNull();
  });

  it("sockets that may no longer see a ticket a handler moved to another queue leave its room", async () => {
    const queues = (await api.get('/api/queue', admin)).body as { id: number; name: string }[];
    const [soporte, ventas] = ['Soporte', 'Ventas'].map((n) => queues.find((q) => q.name === n)!.id);
    await api.post('/api/users', { name: 'Vera', email: 'vera@tienda.test', password: TENANT_PASSWORD, queueIds: [ventas] }, admin);
    const vera = (await api.login('vera@tienda.test', TENANT_PASSWORD)).token;
    const who = '51966600020';
    await phone().say(wa, who, 'hola');
    await eventually(async () => (await phone().outbox(wa, who)).length === 1);
    await phone().say(wa, who, '2');
    await eventually(async () => (await queryDb(db.url, `select queue_id from tickets where id = $1`, [(await ticketOf(who)).id]))[0].queue_id === ventas);
    const ticketId = (await ticketOf(who)).id as number;
    const s = await connect(server.url, vera);
    expect(await new Promise((r) => s.emit('joinChatBox', ticketId, r))).toEqual({ ok: true });
    const seen = record(s, 'appMessage');
    await phone().say(wa, who, `move to ${soporte}`);
    await eventually(async () => (await queryDb(db.url, `select queue_id from tickets where id = $1`, [ticketId]))[0].queue_id === soporte);
    await pause(500);
    const before = seen.length;
    // The customer goes on writing (nothing else changes the ticket): Vera (Ventas only) must not hear of it.
    await phone().say(wa, who, 'sigo aquí');
    await eventually(async () => (await queryDb(db.url, `select 1 from messages where ticket_id = $1 and body = 'sigo aquí'`, [ticketId])).length === 1);
    await pause(800);
    expect(seen.slice(before).filter((e) => e.message?.ticketId === ticketId)).toEqual([]);
    s.disconnect();
  });

  describe('handler bindings (promptId / integrationId → plugin id + record id)', () => {
    const prompt = async (companyId: number, name: string) =>
      (await queryDb(db.url, `insert into fixture_events_notes (company_id, name) values ($1, $2) returning id`, [companyId, name]))[0].id as number;

    it("a queue or connection names a record of the plugin registered for the field, in the company and on the plan", async () => {
      const own = await prompt(companyId, 'prompt of Tienda');
      const foreign = await prompt(otherCompanyId, 'prompt of Otra');
      const queue = (await api.post('/api/queue', { name: 'Bots', color: '#009688', promptId: own }, admin)).body;
      expect(queue).toMatchObject({ promptId: own, integrationId: null });
      expect((await api.get(`/api/queue/${queue.id}`, admin)).body).toMatchObject({ promptId: own });
      expect(await queryDb(db.url, `select bound_plugin, bound_ref from queues where id = $1`, [queue.id])).toEqual([{ bound_plugin: 'fixture-events', bound_ref: own }]);
      // Another company's record, a field no loaded plugin answers to, two bindings at once: refused, nothing changed.
      const refused = async (body: object, path: string, message: string) => {
        const r = await api.put(`/api/queue/${queue.id}`, body, admin);
        expect(r.status).toBe(400);
        expect(r.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
      };
      await refused({ promptId: foreign }, 'promptId', 'not_found');
      // integrationId is answered by the integrations plugin (installed): an integration this company does not have is not found.
      // A field nobody answers is refused as no_plugin: the plan-flag case at the end.
      await refused({ integrationId: 7 }, 'integrationId', 'not_found');
      await refused({ promptId: own, integrationId: 7 }, 'integrationId', 'one_binding_only');
      expect((await api.get(`/api/queue/${queue.id}`, admin)).body).toMatchObject({ promptId: own });
      // An update that does not name the binding keeps it; null clears it.
      expect((await api.put(`/api/queue/${queue.id}`, { name: 'Bots 2' }, admin)).body).toMatchObject({ promptId: own });
      expect((await api.put(`/api/queue/${queue.id}`, { integrationId: null }, admin)).body).toMatchObject({ promptId: own });
      expect((await api.put(`/api/queue/${queue.id}`, { promptId: null }, admin)).body).toMatchObject({ promptId: null });
      // A company whose plan lacks the plugin's flag cannot bind to it.
      const flagless = await prompt(noFlagCompanyId, 'prompt of Sin');
      const r = await api.post('/api/queue', { name: 'Sin bot', color: '#795548', promptId: flagless }, noFlagAdmin);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain('no_plugin');
    });

    it("the plugin's bound handler runs on tickets of a bound connection or queue, with the binding (the queue's first)", async () => {
      const byConnection = await prompt(companyId, 'connection prompt');
      const byQueue = await prompt(companyId, 'queue prompt');
      const soporte = (await api.get('/api/queue', admin)).body.find((q: { name: string }) => q.name === 'Soporte').id;
      // Not bound: the bound handler never runs ("bound?" is a first contact for the queue bot).
      const unbound = '51966600010';
      await phone().say(wa, unbound, 'bound?');
      await eventually(async () => (await phone().outbox(wa, unbound)).length === 1);
      expect(await phone().outbox(wa, unbound)).toEqual([MENU]);
      expect((await api.put(`/api/whatsapp/${wa}`, { promptId: byConnection }, admin)).body).toMatchObject({ promptId: byConnection });
      const who = '51966600011';
      await phone().say(wa, who, 'bound?');
      await eventually(async () => (await phone().outbox(wa, who)).length === 1);
      expect(await phone().outbox(wa, who)).toEqual([`bound to ${byConnection} on connection`]);
      // Other messages pass on to the queue bot; in a bound queue, the queue's binding wins.
      await phone().say(wa, who, 'hola');
      await eventually(async () => (await phone().outbox(wa, who)).length === 2);
      await phone().say(wa, who, '1');
      await eventually(async () => (await queryDb(db.url, `select queue_id from tickets where id = $1`, [(await ticketOf(who)).id]))[0].queue_id === soporte);
      await phone().say(wa, who, 'bound?');
      await eventually(async () => (await phone().outbox(wa, who)).at(-1) === `bound to ${byConnection} on connection`);
      await api.put(`/api/queue/${soporte}`, { promptId: byQueue }, admin);
      const before = (await phone().outbox(wa, who)).length;
      await phone().say(wa, who, 'bound?');
      await eventually(async () => (await phone().outbox(wa, who)).length === before + 1);
      expect((await phone().outbox(wa, who)).at(-1)).toBe(`bound to ${byQueue} on queue`);
      // Bindings are kept in memory; one written behind the API's back (raw SQL, another process) is
      // announced by the queues' trigger (core_0022) and seen at the next message.
      const [{ bound_plugin: plugin }] = await queryDb(db.url, `select bound_plugin from queues where id = $1`, [soporte]);
      await api.put(`/api/queue/${soporte}`, { promptId: null }, admin);
      const otherPrompt = await prompt(companyId, 'raw sql prompt');
      await queryDb(db.url, `update queues set bound_plugin = $1, bound_ref = $2 where id = $3`, [plugin, otherPrompt, soporte]);
      await pause(300); // the NOTIFY reaches the server's change feed (milliseconds); the cache would keep the old one for a minute
      const sent = (await phone().outbox(wa, who)).length;
      await phone().say(wa, who, 'bound?');
      await eventually(async () => (await phone().outbox(wa, who)).length === sent + 1);
      expect((await phone().outbox(wa, who)).at(-1)).toBe(`bound to ${otherPrompt} on queue`);
      await queryDb(db.url, `update queues set bound_plugin = null, bound_ref = null where id = $1`, [soporte]);
      await api.put(`/api/whatsapp/${wa}`, { promptId: null }, admin);
    });

    it('a handler that moves the ticket to another queue hands the handlers after it that queue’s binding', async () => {
      const queues = (await api.get('/api/queue', admin)).body as { id: number; name: string }[];
      const [soporte, ventas] = ['Soporte', 'Ventas'].map((n) => queues.find((q) => q.name === n)!.id);
      const byVentas = await prompt(companyId, 'ventas prompt');
      await api.put(`/api/queue/${ventas}`, { promptId: byVentas }, admin);
      const who = '51966600030';
      await phone().say(wa, who, 'hola');
      await eventually(async () => (await phone().outbox(wa, who)).length === 1);
      await phone().say(wa, who, '1');
      await eventually(async () => (await queryDb(db.url, `select queue_id from tickets where id = $1`, [(await ticketOf(who)).id]))[0].queue_id === soporte);
      // The fixture's chain handler (50) moves it to Ventas and passes; its bound handler (60) runs in Ventas' binding.
      const before = (await phone().outbox(wa, who)).length;
      await phone().say(wa, who, `pass to ${ventas}`);
      await eventually(async () => (await phone().outbox(wa, who)).length === before + 1);
      expect((await phone().outbox(wa, who)).at(-1)).toBe(`bound to ${byVentas} on queue`);
      await api.put(`/api/queue/${ventas}`, { promptId: null }, admin);
    });
  });
});
