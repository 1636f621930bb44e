import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../../lib/workspace.mjs';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { connect, record } from '../support/realtime.js';
import { eventually, pause } from '../support/wait.js';

const PW = 'Str0ng-pass';
/** Registers the real Baileys provider with the fake socket as provider 'fake-baileys' (see the file). */
const FAKE_BAILEYS = path.join(ROOT, 'tooling/test/fixtures/fake-baileys-plugin/index.mjs');
const CALL_TEXT =
  '*Mensaje automático:*\n\nLas llamadas de voz y video no están habilitadas en este WhatsApp. Por favor, envíenos un mensaje de texto. ¡Gracias!';

/**
 * Company settings that change what the engine does (core-operations §3), the sandbox QR and pairing
 * flows, and session commands reaching the process that owns a session.
 */
describe('channel engine rules', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let sql: pg.Client;
  let admin: string;
  let agent: string;
  let otherAdmin: string;
  let ventas: number;
  let soporte: number;

  const setting = async (key: string, value: string) => expect((await api.put(`/api/settings/${key}`, { value }, admin)).status).toBe(200);
  const newConnection = async (name: string, extra: object) => {
    const r = await api.post('/api/whatsapp', { name, provider: 'sandbox', ...extra }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as number;
  };
  const startSession = async (id: number, body: object = {}) => {
    expect((await api.post(`/api/whatsappsession/${id}`, body, admin)).status).toBe(200);
  };
  const connected = async (name: string, extra: object) => {
    const id = await newConnection(name, extra);
    await startSession(id);
    await eventually(async () => (await api.get(`/api/whatsapp/${id}`, admin)).body.status === 'CONNECTED');
    return id;
  };
  const outbox = async (wa: number, to: string) => (await api.get(`/api/sandbox/${wa}/messages?to=${to}`, admin)).body.map((m: { body: string }) => m.body);
  const say = async (wa: number, from: string, body: string, extra: object = {}) => {
    const r = await api.post(`/api/sandbox/${wa}/messages`, { from, body, ...extra }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(202);
  };
  const ticketOf = async (wa: number, number: string) => {
    const { rows } = await sql.query(
      `select t.* from tickets t join contacts c on c.id = t.contact_id where t.whatsapp_id = $1 and c.number = $2 order by t.id desc limit 1`,
      [wa, number],
    );
    return rows[0];
  };
  const messagesOf = async (ticketId: number) => (await api.get(`/api/messages/${ticketId}`, admin)).body.messages as { body: string; fromMe: boolean; mediaType: string }[];
  /** Waits until the customer's message `body` is stored, then a moment more for any bot reply to be queued. */
  const settled = async (wa: number, from: string, body: string) => {
    const ticket = await eventually(() => ticketOf(wa, from));
    await eventually(async () => (await messagesOf(ticket.id)).some((m) => !m.fromMe && m.body === body));
    await pause(500);
    return ticket;
  };

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: FAKE_BAILEYS } });
    api = client(server.url);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Pyme', value: 99, users: 10, connections: 30, queues: 5 }, sup)).body;
    await api.post('/api/companies', { name: 'Tienda', email: 'admin@tienda.test', password: PW, planId: plan.id }, sup);
    await api.post('/api/companies', { name: 'Otra', email: 'admin@otra.test', password: PW, planId: plan.id }, sup);
    admin = (await api.login('admin@tienda.test', PW)).token;
    otherAdmin = (await api.login('admin@otra.test', PW)).token;
    ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63', greetingMessage: 'Bienvenido a Ventas' }, admin)).body.id;
    soporte = (await api.post('/api/queue', { name: 'Soporte', color: '#3f51b5' }, admin)).body.id;
    await api.post('/api/users', { name: 'Ana', email: 'ana@tienda.test', password: PW, queueIds: [ventas] }, admin);
    agent = (await api.login('ana@tienda.test', PW)).token;
  });
  afterAll(async () => {
    await sql?.end();
    await server?.stop();
    await db?.drop();
  });

  describe('sendGreetingMessageOneQueues', () => {
    let wa: number;
    beforeAll(async () => {
      wa = await connected('Una cola', { greetingMessage: 'Hola de la conexión', queueIds: [ventas] });
    });

    it('disabled (the default): the ticket enters the only queue without a greeting', async () => {
      const who = '51910000001';
      await say(wa, who, 'Hola');
      const ticket = await settled(wa, who, 'Hola');
      expect((await ticketOf(wa, who)).queue_id).toBe(ventas);
      expect(ticket.status).toBe('pending');
      expect(await outbox(wa, who)).toEqual([]);
    });

    it('enabled: the queue’s greeting is sent when the ticket enters it, once', async () => {
      await setting('sendGreetingMessageOneQueues', 'enabled');
      const who = '51910000002';
      await say(wa, who, 'Hola');
      await eventually(async () => (await outbox(wa, who)).length === 1);
      expect(await outbox(wa, who)).toEqual(['Bienvenido a Ventas']);
      expect((await ticketOf(wa, who)).queue_id).toBe(ventas);
      await say(wa, who, 'Sigo aquí');
      await settled(wa, who, 'Sigo aquí');
      expect(await outbox(wa, who)).toEqual(['Bienvenido a Ventas']);
      await setting('sendGreetingMessageOneQueues', 'disabled');
    });
  });

  describe('inbound realtime', () => {
    it('carries the same ticket and message the API shows', async () => {
      const wa = await connected('Eventos', { queueIds: [ventas] });
      const who = '51915000001';
      const s = await connect(server.url, admin);
      const created = record(s, 'appMessage');
      await say(wa, who, 'Hola', { name: 'Eva Eventos' });
      const event = await eventually(async () => created.find((e) => e.action === 'create' && e.message.body === 'Hola'));
      s.disconnect();
      const shown = (await api.get(`/api/tickets/${event.ticket.id}`, admin)).body;
      expect(event.ticket).toEqual({ ...shown, unreadMessages: event.ticket.unreadMessages });
      expect(event.ticket).toMatchObject({ queue: { id: ventas, name: 'Ventas' }, contact: { name: 'Eva Eventos', number: who }, unreadMessages: 1 });
      const page = (await api.get(`/api/messages/${event.ticket.id}`, admin)).body;
      expect(page.messages.find((m: { id: number }) => m.id === event.message.id)).toEqual(event.message);
      // The next message takes the one-statement path (the ticket exists, no bot): same answers.
      const again = await connect(server.url, admin);
      const next = record(again, 'appMessage');
      await say(wa, who, 'Otra vez', { name: 'Eva Eventos' });
      const second = await eventually(async () => next.find((e) => e.action === 'create' && e.message.body === 'Otra vez'));
      again.disconnect();
      const shownAgain = (await api.get(`/api/tickets/${event.ticket.id}`, admin)).body;
      expect(second.ticket).toEqual({ ...shownAgain, unreadMessages: second.ticket.unreadMessages });
      expect(second.ticket.unreadMessages).toBe(1); // reading the conversation above cleared the first
      expect(second.ticket.lastMessage).toBe('Otra vez');
      const pageAgain = (await api.get(`/api/messages/${event.ticket.id}`, admin)).body;
      expect(pageAgain.messages.find((m: { id: number }) => m.id === second.message.id)).toEqual(second.message);
    });
  });

  describe('CheckMsgIsGroup', () => {
    let wa: number;
    const GROUP = '120363025555555555';
    beforeAll(async () => {
      wa = await connected('Grupos', { queueIds: [ventas] });
    });
    const groupContact = async () => (await sql.query(`select id from contacts where number = $1`, [`${GROUP}@g.us`])).rows[0];

    it('enabled (the default): group messages are ignored — no contact, ticket or message', async () => {
      await say(wa, '51920000001', 'mensaje en el grupo', { group: GROUP, id: 'G-1' });
      // A 1:1 message sent after it, as a marker that the queue has moved on.
      await say(wa, '51920000001', 'mensaje directo', { id: 'D-1' });
      await settled(wa, '51920000001', 'mensaje directo');
      expect(await groupContact()).toBeUndefined();
      expect((await sql.query(`select count(*)::int as n from messages where body = 'mensaje en el grupo'`)).rows[0].n).toBe(0);
    });

    it('disabled: group messages are stored on a group ticket, without any bot answer', async () => {
      await setting('CheckMsgIsGroup', 'disabled');
      await say(wa, '51920000001', 'otra vez en el grupo', { group: GROUP, id: 'G-2' });
      const contact = await eventually(groupContact);
      // The contact may be committed a moment before its ticket (the fast path's upsert runs first).
      const rows = await eventually(async () => {
        const r = (await sql.query(`select * from tickets where contact_id = $1`, [contact.id])).rows;
        return r.length ? r : null;
      });
      expect(rows).toHaveLength(1);
      expect(rows[0].is_group).toBe(true);
      await eventually(async () => (await messagesOf(rows[0].id)).some((m) => m.body === 'otra vez en el grupo'));
      const listed = (await api.get('/api/tickets', admin)).body.tickets.find((t: { id: number }) => t.id === rows[0].id);
      expect(listed).toMatchObject({ isGroup: true });
      await pause(500);
      expect((await messagesOf(rows[0].id)).filter((m) => m.fromMe)).toEqual([]);
      await setting('CheckMsgIsGroup', 'enabled');
    });

    it('a change of the setting written behind the kernel’s back (raw SQL) reaches the pipeline, whose memory of it is dropped', async () => {
      const write = (value: string) =>
        sql.query(
          `insert into settings (company_id, key, value) select company_id, 'CheckMsgIsGroup', $2 from whatsapps where id = $1
           on conflict (company_id, key) do update set value = excluded.value`,
          [wa, value],
        );
      await write('disabled');
      try {
        await say(wa, '51920000001', 'grupo tras el cambio', { group: GROUP, id: 'G-3' });
        await eventually(async () => (await sql.query(`select count(*)::int as n from messages where body = 'grupo tras el cambio'`)).rows[0].n === 1);
      } finally {
        await write('enabled');
      }
      // The NOTIFY of a commit reaches the server within moments; then group messages are ignored again.
      await pause(300);
      await say(wa, '51920000001', 'grupo ignorado otra vez', { group: GROUP, id: 'G-4' });
      await say(wa, '51920000001', 'marca G-4', { id: 'D-4' });
      await settled(wa, '51920000001', 'marca G-4');
      expect((await sql.query(`select count(*)::int as n from messages where body = 'grupo ignorado otra vez'`)).rows[0].n).toBe(0);
    });

    it('refuses a malformed group id', async () => {
      const r = await api.post(`/api/sandbox/${wa}/messages`, { from: '51920000001', body: 'x', group: 'abc' }, admin);
      expect(r.status).toBe(400);
    });
  });

  describe('calls', () => {
    let wa: number;
    beforeAll(async () => {
      wa = await connected('Llamadas', { queueIds: [ventas] });
    });
    const calls = async (from: string) => (await api.get(`/api/sandbox/${wa}/calls?from=${from}`, admin)).body as { id: string; rejected: boolean }[];

    it('not accepted (the default): the session rejects the call, a call_log is stored and the caller gets the text', async () => {
      const who = '51930000001';
      const s = await connect(server.url, admin);
      const seen = record(s, 'appMessage');
      const r = await api.post(`/api/sandbox/${wa}/calls`, { from: who }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      const ticket = await eventually(() => ticketOf(wa, who));
      const log = await eventually(async () => (await messagesOf(ticket.id)).find((m) => m.mediaType === 'call_log'));
      expect(log).toMatchObject({ fromMe: false, mediaType: 'call_log' });
      expect(log.body).toMatch(/^Llamada de voz\/video perdida a las \d\d:\d\d$/);
      await eventually(async () => (await outbox(wa, who)).length === 1);
      expect(await outbox(wa, who)).toEqual([CALL_TEXT]);
      expect(await calls(who)).toEqual([expect.objectContaining({ id: r.body.id, rejected: true })]);
      await eventually(async () => seen.some((e) => e.action === 'create' && e.message.mediaType === 'call_log'));
      s.disconnect();
      // The call did not count as the bot's first contact: the customer's first text still gets the bot.
      expect(ticket.bot_started_at).toBeNull();
    });

    it('accepted: the call is not rejected and nothing is sent, but the call_log is still stored', async () => {
      await setting('call', 'enabled');
      const who = '51930000002';
      const r = await api.post(`/api/sandbox/${wa}/calls`, { from: who }, admin);
      expect(r.status).toBe(202);
      const ticket = await eventually(() => ticketOf(wa, who));
      await eventually(async () => (await messagesOf(ticket.id)).some((m) => m.mediaType === 'call_log'));
      await pause(500);
      expect(await outbox(wa, who)).toEqual([]);
      expect(await calls(who)).toEqual([expect.objectContaining({ id: r.body.id, rejected: false })]);
      await setting('call', 'disabled');
    });

    it('is for admins of the company, on a connected sandbox', async () => {
      expect((await api.post(`/api/sandbox/${wa}/calls`, { from: '51930000003' }, agent)).status).toBe(403);
      expect((await api.post(`/api/sandbox/${wa}/calls`, { from: '51930000003' }, otherAdmin)).status).toBe(404);
      expect((await api.get(`/api/sandbox/${wa}/calls?from=51930000001`, otherAdmin)).status).toBe(404);
      expect((await api.post(`/api/sandbox/${wa}/calls`, { from: 'abc' }, admin)).status).toBe(400);
      const off = await newConnection('Apagada', {});
      expect((await api.post(`/api/sandbox/${off}/calls`, { from: '51930000003' }, admin)).body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    });
  });

  describe('queue menu limits', () => {
    let wa: number;
    const MENU = 'Elija:\n\n*1* - Soporte\n*2* - Ventas';
    beforeAll(async () => {
      wa = await connected('Menu', { greetingMessage: 'Elija:', maxUseBotQueues: 0, timeUseBotQueues: 10, queueIds: [ventas, soporte] });
    });

    it('maxUseBotQueues 0 repeats the menu without a count limit; timeUseBotQueues stops it once its minutes have passed', async () => {
      const who = '51940000001';
      for (let i = 1; i <= 5; i++) {
        await say(wa, who, `respuesta ${i}`);
        await eventually(async () => (await outbox(wa, who)).length === i);
      }
      expect(await outbox(wa, who)).toEqual(Array(5).fill(MENU));
      // Ten minutes after the first menu (moved back in the database rather than waited for).
      const ticket = await ticketOf(wa, who);
      expect(ticket.bot_started_at).not.toBeNull();
      await sql.query(`update tickets set bot_started_at = now() - interval '11 minutes' where id = $1`, [ticket.id]);
      await say(wa, who, 'respuesta tardía');
      await settled(wa, who, 'respuesta tardía');
      expect(await outbox(wa, who)).toHaveLength(5);
      // A valid choice still routes: only the repeating stops.
      await say(wa, who, '2');
      await eventually(async () => (await ticketOf(wa, who)).queue_id === ventas);
    });

    it('a ticket opened by a call gets the menu at the customer’s first text', async () => {
      const who = '51940000002';
      await api.post(`/api/sandbox/${wa}/calls`, { from: who }, admin);
      await eventually(async () => (await outbox(wa, who)).length === 1); // the call text
      await say(wa, who, 'Hola');
      await eventually(async () => (await outbox(wa, who)).length === 2);
      expect((await outbox(wa, who))[1]).toBe(MENU);
    });
  });

  describe('sandbox linking', () => {
    it('with {qr: true} waits in qrcode with a QR (announced live) until the phone scans it', async () => {
      const wa = await newConnection('QR', {});
      const s = await connect(server.url, admin);
      const seen = record(s, 'whatsappSession');
      await startSession(wa, { qr: true });
      const waiting = await eventually(async () => {
        const c = (await api.get(`/api/whatsapp/${wa}`, admin)).body;
        return c.status === 'qrcode' ? c : null;
      });
      expect(waiting.qrcode).toMatch(new RegExp(`^sandbox:${wa}:`));
      await eventually(async () => seen.some((e) => e.session.id === wa && e.session.status === 'qrcode' && e.session.qrcode === waiting.qrcode));
      // Not linked yet: the phone cannot take customers' messages.
      expect((await api.post(`/api/sandbox/${wa}/messages`, { from: '51950000001', body: 'x' }, admin)).body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
      expect((await api.post(`/api/sandbox/${wa}/scan`, {}, agent)).status).toBe(403);
      expect((await api.post(`/api/sandbox/${wa}/scan`, {}, otherAdmin)).status).toBe(404);
      const scanned = await api.post(`/api/sandbox/${wa}/scan`, {}, admin);
      expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
      const linked = await eventually(async () => {
        const c = (await api.get(`/api/whatsapp/${wa}`, admin)).body;
        return c.status === 'CONNECTED' ? c : null;
      });
      expect(linked).toMatchObject({ qrcode: '', number: `sandbox-${wa}` });
      await eventually(async () => seen.some((e) => e.session.id === wa && e.session.status === 'CONNECTED' && e.session.qrcode === ''));
      s.disconnect();
      // Scanning again: nothing is waiting.
      expect((await api.post(`/api/sandbox/${wa}/scan`, {}, admin)).body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    });

    it('the inbound route keeps the connection in memory, yet a status change by anyone takes effect at once, and another company never reaches it', async () => {
      const wa = await newConnection('Recordada', {});
      await startSession(wa);
      await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
      expect((await api.post(`/api/sandbox/${wa}/messages`, { from: '51950000009', body: 'antes' }, admin)).status).toBe(202);
      // Known to this process now; the other company still gets 404 for it.
      expect((await api.post(`/api/sandbox/${wa}/messages`, { from: '51950000009', body: 'ajeno' }, otherAdmin)).status).toBe(404);
      // Written behind the server's back (another process, a script): the NOTIFY makes it forget.
      await sql.query(`update whatsapps set status = 'DISCONNECTED' where id = $1`, [wa]);
      await eventually(async () => (await api.post(`/api/sandbox/${wa}/messages`, { from: '51950000009', body: 'después' }, admin)).body.error === 'ERR_WAPP_NOT_INITIALIZED');
      await sql.query(`update whatsapps set status = 'CONNECTED' where id = $1`, [wa]);
      await eventually(async () => (await api.post(`/api/sandbox/${wa}/messages`, { from: '51950000009', body: 'de nuevo' }, admin)).status === 202);
    });

    it('with a pairing phone waits in PAIRING with a code until it is confirmed', async () => {
      const wa = await newConnection('Código', {});
      await startSession(wa, { pairingPhone: '51999888777' });
      const waiting = await eventually(async () => {
        const c = (await api.get(`/api/whatsapp/${wa}`, admin)).body;
        return c.status === 'PAIRING' ? c : null;
      });
      expect(waiting.pairingCode).toMatch(/^[A-Z2-9]{8}$/);
      expect((await api.post(`/api/sandbox/${wa}/scan`, {}, admin)).status).toBe(200);
      const linked = await eventually(async () => {
        const c = (await api.get(`/api/whatsapp/${wa}`, admin)).body;
        return c.status === 'CONNECTED' ? c : null;
      });
      expect(linked.pairingCode).toBe('');
    });

    it('without the flag connects at once, as before', async () => {
      const wa = await newConnection('Directa', {});
      await startSession(wa);
      await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
      expect((await api.post(`/api/sandbox/${wa}/scan`, {}, admin)).body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    });
  });

  describe('Baileys events (real provider, fake socket)', () => {
    const ME = '51988877766:3@s.whatsapp.net';
    const CUSTOMER = '51977766655';
    const JID = `${CUSTOMER}@s.whatsapp.net`;
    const drive = (wa: number, what: string, body: object) => api.post(`/api/fixture-fake-baileys/${wa}/${what}`, body, admin);
    const messageRow = async (wa: number, providerId: string) =>
      (await sql.query(`select * from messages where whatsapp_id = $1 and provider_message_id = $2`, [wa, providerId])).rows[0];

    it('inbound messages, edits, acks and revokes reach PostgreSQL and the screens', async () => {
      const companyId = (await sql.query(`select company_id from users where email = 'admin@tienda.test'`)).rows[0].company_id;
      // The API offers only the built-in providers; the test plugin's one is set in the database.
      const wa = (await sql.query(`insert into whatsapps (company_id, name, provider) values ($1, $2, 'fake-baileys') returning id`, [companyId, `Falso ${Date.now()}`])).rows[0].id as number;
      await startSession(wa);
      await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'OPENING');
      expect((await drive(wa, 'open', { me: ME })).status).toBe(201);
      const conn = await eventually(async () => {
        const c = (await api.get(`/api/whatsapp/${wa}`, admin)).body;
        return c.status === 'CONNECTED' ? c : null;
      });
      expect(conn.number).toBe('51988877766');

      const s = await connect(server.url, admin);
      const events = record(s, 'appMessage');
      await drive(wa, 'upsert', {
        messages: [{ key: { remoteJid: JID, id: 'IN-1', fromMe: false }, message: { conversation: 'Hola desde WhatsApp' }, messageTimestamp: 1_700_000_000, pushName: 'Cliente Falso' }],
      });
      const inbound = await eventually(() => messageRow(wa, 'IN-1'));
      expect(inbound).toMatchObject({ body: 'Hola desde WhatsApp', from_me: false });
      const ticket = await ticketOf(wa, CUSTOMER);
      expect((await api.get(`/api/tickets/${ticket.id}`, admin)).body.contact).toMatchObject({ name: 'Cliente Falso', number: CUSTOMER });

      // The customer edits it.
      await drive(wa, 'update', { updates: [{ key: { remoteJid: JID, fromMe: false, id: 'IN-1' }, update: { message: { editedMessage: { message: { conversation: 'Hola, editado' } } } } }] });
      await eventually(async () => (await messageRow(wa, 'IN-1')).is_edited);
      expect((await messageRow(wa, 'IN-1')).body).toBe('Hola, editado');
      await eventually(async () => events.some((e) => e.action === 'update' && e.message.id === inbound.id && e.message.isEdited && e.message.body === 'Hola, editado'));

      // An answer goes out through the fake socket; WhatsApp then reports it read.
      expect((await api.put(`/api/tickets/${ticket.id}`, { status: 'open' }, admin)).status).toBe(200);
      const sent = await api.post(`/api/messages/${ticket.id}`, { body: 'Respuesta del agente' }, admin);
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const out = await eventually(async () => {
        const row = (await sql.query(`select * from messages where id = $1`, [sent.body.id])).rows[0];
        return row.provider_message_id ? row : null;
      });
      expect(out.ack).toBe(1);
      const wire = (await api.get(`/api/fixture-fake-baileys/${wa}/sent`, admin)).body;
      expect(wire).toContainEqual({ id: out.provider_message_id, jid: JID, text: 'Respuesta del agente' });
      await drive(wa, 'update', { updates: [{ key: { remoteJid: JID, fromMe: true, id: out.provider_message_id }, update: { status: 4 } }] });
      await eventually(async () => (await sql.query(`select ack from messages where id = $1`, [out.id])).rows[0].ack === 3);
      await eventually(async () => events.some((e) => e.action === 'update' && e.message.id === out.id && e.message.ack === 3));
      // Acks never go back.
      await drive(wa, 'update', { updates: [{ key: { remoteJid: JID, fromMe: true, id: out.provider_message_id }, update: { status: 3 } }] });

      // The customer deletes their message for everyone.
      await drive(wa, 'update', { updates: [{ key: { remoteJid: JID, fromMe: false, id: 'IN-1' }, update: { message: null, messageStubType: 1 } }] });
      await eventually(async () => (await messageRow(wa, 'IN-1')).is_deleted);
      await eventually(async () => events.some((e) => e.action === 'update' && e.message.id === inbound.id && e.message.isDeleted && e.message.body === ''));
      expect((await api.get(`/api/messages/${ticket.id}`, admin)).body.messages.find((m: { id: number }) => m.id === inbound.id)).toMatchObject({ isDeleted: true, body: '' });
      expect((await sql.query(`select ack from messages where id = $1`, [out.id])).rows[0].ack).toBe(3);

      // An edit and a revoke reported before their messages were stored (Baileys sends messages.update
      // at once; the upserts go through the inbox first): they wait for them instead of being lost.
      await drive(wa, 'update', { updates: [{ key: { remoteJid: JID, fromMe: false, id: 'EARLY-1' }, update: { message: { editedMessage: { message: { conversation: 'corregido' } } } } }] });
      await drive(wa, 'update', { updates: [{ key: { remoteJid: JID, fromMe: false, id: 'EARLY-2' }, update: { message: null, messageStubType: 1 } }] });
      await pause(300);
      await drive(wa, 'upsert', {
        messages: [
          { key: { remoteJid: JID, id: 'EARLY-1', fromMe: false }, message: { conversation: 'original' }, messageTimestamp: 1_700_000_100, pushName: 'Cliente Falso' },
          { key: { remoteJid: JID, id: 'EARLY-2', fromMe: false }, message: { conversation: 'me arrepiento' }, messageTimestamp: 1_700_000_101, pushName: 'Cliente Falso' },
        ],
      });
      await eventually(async () => (await messageRow(wa, 'EARLY-1'))?.body === 'corregido', 20_000);
      expect(await messageRow(wa, 'EARLY-1')).toMatchObject({ is_edited: true });
      await eventually(async () => (await messageRow(wa, 'EARLY-2'))?.is_deleted, 20_000);
      s.disconnect();
      await api.del(`/api/whatsappsession/${wa}`, admin);
    });

    it('a message typed on the phone is stored as sent (ack 1), so the outbound sweep never sends it again', async () => {
      const companyId = (await sql.query(`select company_id from users where email = 'admin@tienda.test'`)).rows[0].company_id;
      const wa = (await sql.query(`insert into whatsapps (company_id, name, provider) values ($1, $2, 'fake-baileys') returning id`, [companyId, `Falso teléfono ${Date.now()}`])).rows[0].id as number;
      await startSession(wa);
      await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'OPENING');
      await drive(wa, 'open', { me: ME });
      await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
      const now = Math.floor(Date.now() / 1000);
      await drive(wa, 'upsert', { messages: [{ key: { remoteJid: JID, id: 'IN-PHONE-0', fromMe: false }, message: { conversation: 'Hola' }, messageTimestamp: now, pushName: 'Cliente Falso' }] });
      await eventually(() => messageRow(wa, 'IN-PHONE-0'));
      // The owner answers from the phone: WhatsApp reports it as the session's own message.
      await drive(wa, 'upsert', { messages: [{ key: { remoteJid: JID, id: 'PHONE-1', fromMe: true }, message: { conversation: 'Te escribo desde el teléfono' }, messageTimestamp: now + 1 }] });
      const typed = await eventually(() => messageRow(wa, 'PHONE-1'));
      // Stored at ack 0 it was what the sweep and the sender take for "stored, not sent yet" (the
      // provider id is chosen before sending): it would have gone out a second time.
      expect(typed).toMatchObject({ from_me: true, ack: 1 });
      const wire = (await api.get(`/api/fixture-fake-baileys/${wa}/sent`, admin)).body as { id: string }[];
      expect(wire.map((m) => m.id)).not.toContain('PHONE-1');
      await api.del(`/api/whatsappsession/${wa}`, admin);
    });
  });

  describe('two server processes', () => {
    let second: RunningServer;
    let api2: ReturnType<typeof client>;
    let admin2: string;

    beforeAll(async () => {
      // Same database, Redis and secrets: another process of the same deployment.
      second = await startServer({ databaseUrl: db.url, dataDir: server.dataDir });
      api2 = client(second.url);
      // The same token works on both (one session per user: signing in again would end the first).
      admin2 = admin;
    });
    afterAll(async () => {
      await second?.stop();
    });

    it('ends a session from the process that does not own it: the owner stops and frees it', async () => {
      const wa = await connected('Dos procesos', { queueIds: [ventas] }); // owned by the first process
      // The second process cannot start it: the first one holds the lease.
      expect((await api2.post(`/api/whatsappsession/${wa}`, {}, admin2)).status).toBe(200);
      const ended = await api2.del(`/api/whatsappsession/${wa}`, admin2);
      expect(ended.status).toBe(200);
      expect((await api.get(`/api/whatsapp/${wa}`, admin)).body.status).toBe('DISCONNECTED');
      // Freed at once: the second process can start it now and owns it (it serves the calls below).
      await api2.post(`/api/whatsappsession/${wa}`, {}, admin2);
      await eventually(async () => (await api2.get(`/api/whatsapp/${wa}`, admin2)).body.status === 'CONNECTED');
      // A call simulated through the first process is rejected by the owning session in the second.
      const who = '51960000001';
      const call = await api.post(`/api/sandbox/${wa}/calls`, { from: who }, admin);
      expect(call.status).toBe(202);
      await eventually(async () => (await api.get(`/api/sandbox/${wa}/calls?from=${who}`, admin)).body[0]?.rejected === true);
      // An agent's message edited and deleted through the first process: the owning session in the
      // second one changes it on the phone.
      const ticket = await eventually(() => ticketOf(wa, who));
      const adminId = (await api.get('/api/auth/me', admin)).body.id;
      expect((await api.put(`/api/tickets/${ticket.id}`, { status: 'open', userId: adminId }, admin)).status).toBe(200);
      const sent = (await api.post(`/api/messages/${ticket.id}`, { body: 'te llamo luego', sign: false }, admin)).body;
      await eventually(async () => (await outbox(wa, who)).includes('te llamo luego'));
      await eventually(async () => (await sql.query(`select provider_message_id from messages where id = $1`, [sent.id])).rows[0].provider_message_id);
      expect((await api.put(`/api/messages/${sent.id}`, { body: 'te llamo mañana' }, admin)).status).toBe(200);
      const phone = async () => (await api.get(`/api/sandbox/${wa}/messages?to=${who}`, admin)).body as { body: string; edited?: true; deleted?: true }[];
      expect((await phone()).find((m) => m.body === 'te llamo mañana')).toMatchObject({ edited: true });
      expect((await api.del(`/api/messages/${sent.id}`, admin)).status).toBe(204);
      expect((await phone()).find((m) => m.body === 'te llamo mañana')).toMatchObject({ deleted: true });
      // And a restart (PUT) through the first process moves it back there.
      expect((await api.put(`/api/whatsappsession/${wa}`, {}, admin)).status).toBe(200);
      await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
    });

    it('ends a session whose owner died without waiting for its lease to lapse', async () => {
      const wa = await newConnection(`Huérfana ${Date.now()}`, {}); // a retry of this test makes its own
      await api2.post(`/api/whatsappsession/${wa}`, {}, admin2); // owned by the second process
      await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
      const exited = new Promise((r) => second.process.once('exit', r));
      // Stored credentials of that phone (as a Baileys session keeps them): a logout must forget them
      // even though the process that would have told the provider is gone.
      await sql.query(`insert into channel_auth_state (whatsapp_id, key, value) values ($1, 'creds', 'x')`, [wa]);
      second.process.kill('SIGKILL');
      await exited;
      expect((await api.del(`/api/whatsappsession/${wa}`, admin)).status).toBe(200);
      expect((await api.get(`/api/whatsapp/${wa}`, admin)).body.status).toBe('DISCONNECTED');
      expect((await sql.query(`select count(*)::int as n from channel_auth_state where whatsapp_id = $1`, [wa])).rows[0].n).toBe(0);
      await startSession(wa);
      await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
    });
  });
});
