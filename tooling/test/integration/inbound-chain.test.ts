import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ROOT } from '../../lib/workspace.mjs';
import { client, createDatabase, eventually, pause, queryDb, sandbox, startServer, twoCompanies, type RunningServer } from '@atende/sdk-server/testing';

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
  let wa: number;
  const MENU = 'Elija:\n\n*1* - Soporte\n*2* - Ventas';

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: path.join(ROOT, 'tooling/test/fixtures/events-plugin/index.mjs') } });
    api = client(server.url);
    ({ admin } = await twoCompanies(api));
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
});
