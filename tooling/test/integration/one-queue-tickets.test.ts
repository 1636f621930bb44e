import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { ROOT } from '../../lib/workspace.mjs';
import { client, createDatabase, queryDb, sandbox, startServer, type RunningServer } from '../support/server.js';
import { TENANT_PASSWORD, twoCompanies } from '../support/tenants.js';
import { connect, record } from '../support/realtime.js';
import { eventually } from '../support/wait.js';

/** Records domain events and answers "note" on the inbound chain before the kernel's bot (see the file). */
const EVENTS_PLUGIN = path.join(ROOT, 'tooling/test/fixtures/events-plugin/index.mjs');

interface Seen {
  name: string;
  companyId: number;
  payload: Record<string, unknown>;
}

/**
 * Issue 27 item 11: a ticket of a connection with exactly one queue is stored in that queue when it is
 * created (the inbound pipeline's transaction, the Messages and Tickets ports), not later by the queue
 * bot: `ticket.created` names the queue, the queue's agents see it from its first event and may accept
 * it at once, whatever the inbound chain does with its first message.
 */
describe('a one-queue connection’s tickets start in its queue (issue 27 item 11)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let agent: string;
  let ventas: number;
  let soporte: number;
  let wa: number;
  let socket: Socket;
  let agentTickets: { action: string; ticket?: { id: number; queue: { id: number } | null } }[];
  let agentMessages: { action: string; ticket?: { id: number; queue: { id: number } | null } }[];

  const created = async (ticketId: number) =>
    eventually(async () => {
      const seen = (await api.get('/api/fixture-events', admin)).body as { inProcess: Seen[] };
      return seen.inProcess.find((e) => e.name === 'ticket.created' && e.payload.ticketId === ticketId);
    });
  const ticketOf = (number: string, whatsappId = wa) =>
    eventually(async () => {
      const [row] = await queryDb(
        db.url,
        `select t.id, t.queue_id from tickets t join contacts c on c.id = t.contact_id where t.whatsapp_id = $1 and c.number = $2`,
        [whatsappId, number],
      );
      return row as { id: number; queue_id: number | null } | undefined;
    });
  /** The first thing the agent's screen heard of the ticket (the ticket list row or a message's ticket). */
  const firstSeen = (ticketId: number) =>
    eventually(async () => [...agentTickets, ...agentMessages].find((e) => e.ticket?.id === ticketId)?.ticket);
  const accept = (ticketId: number) => api.put(`/api/tickets/${ticketId}`, { status: 'open' }, agent);

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: EVENTS_PLUGIN, ATENDE_PLUGINS_DISABLED: '@atende/plugin-ai-server' } });
    api = client(server.url);
    ({ admin } = await twoCompanies(api));
    ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63', greetingMessage: 'Bienvenido a Ventas' }, admin)).body.id;
    soporte = (await api.post('/api/queue', { name: 'Soporte', color: '#3f51b5' }, admin)).body.id;
    // An agent of Ventas only, without queueless tickets (allTicket off, the default).
    expect((await api.post('/api/users', { name: 'Ana', email: 'ana@tienda.test', password: TENANT_PASSWORD, profile: 'user', queueIds: [ventas] }, admin)).status).toBe(201);
    agent = (await api.login('ana@tienda.test', TENANT_PASSWORD)).token;
    wa = await sandbox(api, admin).connect('Una cola', { queueIds: [ventas] });
    socket = await connect(server.url, agent);
    agentTickets = record(socket, 'ticket');
    agentMessages = record(socket, 'appMessage');
  });
  afterAll(async () => {
    socket?.disconnect();
    await server?.stop();
    await db?.drop();
  });

  it('a first message a plugin answers (no queue bot): created in the queue, seen and accepted by its agent', async () => {
    const who = '51920000001';
    await sandbox(api, admin).say(wa, who, 'note');
    const ticket = await ticketOf(who);
    expect(ticket.queue_id).toBe(ventas);
    expect((await created(ticket.id)).payload).toMatchObject({ queueId: ventas, status: 'pending' });
    expect(await firstSeen(ticket.id)).toMatchObject({ queue: { id: ventas } });
    expect((await accept(ticket.id)).status).toBe(200);
  });

  it('a call: the ticket it opens is in the queue and its agent accepts it', async () => {
    const who = '51920000002';
    expect((await api.post(`/api/sandbox/${wa}/calls`, { from: who }, admin)).status).toBe(202);
    const ticket = await ticketOf(who);
    expect(ticket.queue_id).toBe(ventas);
    expect((await created(ticket.id)).payload).toMatchObject({ queueId: ventas });
    expect(await firstSeen(ticket.id)).toMatchObject({ queue: { id: ventas } });
    expect((await api.get(`/api/tickets/${ticket.id}`, agent)).status).toBe(200);
    expect((await accept(ticket.id)).status).toBe(200);
  });

  it('a ticket the Messages port opens to write first is in the queue too', async () => {
    const who = '51920000003';
    const sent = await api.post('/api/fixture-events/send', { whatsappId: wa, number: who, body: 'Hola desde el plugin' }, admin);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const ticket = await ticketOf(who);
    expect(ticket.queue_id).toBe(ventas);
    expect((await created(ticket.id)).payload).toMatchObject({ queueId: ventas });
    expect((await accept(ticket.id)).status).toBe(200);
  });

  it('a ticket put in another queue before the customer wrote is not the bot’s: no greeting, and its first contact is marked past', async () => {
    await api.put('/api/settings/sendGreetingMessageOneQueues', { value: 'enabled' }, admin);
    try {
      const who = '51920000006';
      expect((await api.post('/api/fixture-events/send', { whatsappId: wa, number: who, body: 'Hola desde el plugin' }, admin)).status).toBe(201);
      const ticket = await ticketOf(who);
      expect((await api.put(`/api/tickets/${ticket.id}`, { queueId: soporte }, admin)).status).toBe(200);
      await sandbox(api, admin).say(wa, who, 'Hola');
      // Marked once the chain looked at it: later messages do not open the chain for the bot again.
      await eventually(async () => (await queryDb(db.url, `select bot_started_at from tickets where id = $1`, [ticket.id]))[0].bot_started_at);
      expect((await queryDb(db.url, `select queue_id from tickets where id = $1`, [ticket.id]))[0].queue_id).toBe(soporte);
      expect(await sandbox(api, admin).outbox(wa, who)).toEqual(['Hola desde el plugin']);
    } finally {
      await api.put('/api/settings/sendGreetingMessageOneQueues', { value: 'disabled' }, admin);
    }
  });

  it('out of company hours, the first contact on a ticket created in the queue gets the out-of-hours message only', async () => {
    const put = await api.put(`/api/whatsapp/${wa}`, { name: 'Una cola', provider: 'sandbox', queueIds: [ventas], outOfHoursMessage: 'Estamos cerrados.' }, admin);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await api.put('/api/settings/scheduleType', { value: 'company' }, admin);
    const company = (await api.get('/api/auth/me', admin)).body.companyId;
    const schedules = (await api.get(`/api/companies/${company}`, admin)).body.schedules as object[];
    await api.put(`/api/companies/${company}/schedules`, { schedules: schedules.map((d) => ({ ...d, startTime: '00:00', endTime: '00:00' })) }, admin);
    try {
      const who = '51920000005';
      await sandbox(api, admin).say(wa, who, 'Hola');
      expect((await ticketOf(who)).queue_id).toBe(ventas);
      await eventually(async () => (await sandbox(api, admin).outbox(wa, who)).length === 1);
      expect(await sandbox(api, admin).outbox(wa, who)).toEqual(['Estamos cerrados.']);
    } finally {
      await api.put('/api/settings/scheduleType', { value: 'disabled' }, admin);
    }
  });

  it('a connection with several queues still leaves the choice to the menu', async () => {
    const two = await sandbox(api, admin).connect('Dos colas', { queueIds: [ventas, soporte], greetingMessage: 'Elija una opción' });
    const who = '51920000004';
    await sandbox(api, admin).say(two, who, 'Hola');
    const ticket = await ticketOf(who, two);
    expect((await created(ticket.id)).payload).toMatchObject({ queueId: null });
    await eventually(async () => (await sandbox(api, admin).outbox(two, who)).length === 1);
    expect((await ticketOf(who, two)).queue_id).toBeNull();
  });
});
