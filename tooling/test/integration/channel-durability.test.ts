import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Redis } from 'ioredis';
import { ROOT } from '../../lib/workspace.mjs';
import { client, createDatabase, queryDb, startServer, type RunningServer } from '../support/server.js';
import { twoCompanies } from '../support/tenants.js';
import { eventually } from '../support/wait.js';

/**
 * Issue 10 (part): a connection that cannot start shows DISCONNECTED with the reason, never a stale
 * status; WhatsApp's ERROR status on a sent message becomes a failed ack the agent sees.
 */
describe('channel durability', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;

  beforeAll(async () => {
    db = await createDatabase();
    // No network check of the WhatsApp Web version in tests.
    // The real Baileys provider on a fake socket, driven through the fixture's routes.
    server = await startServer({ databaseUrl: db.url, env: { WA_VERSION_CHECK: 'false', ATENDE_PLUGINS: path.join(ROOT, 'tooling/test/fixtures/fake-baileys-plugin/index.mjs') } });
    api = client(server.url);
    ({ admin, otherAdmin } = await twoCompanies(api));
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  /** A fake-baileys connection of the first company, started and opened as `me`; `drive` makes its socket emit. */
  async function fakeConnection(name: string, me: string) {
    const [{ company_id }] = await queryDb(db.url, `select company_id from users where email = 'admin@tienda.test'`);
    const wa = (await queryDb(db.url, `insert into whatsapps (company_id, name, provider) values ($1, $2, 'fake-baileys') returning id`, [company_id, name]))[0].id as number;
    const drive = (what: string, body: object) => api.post(`/api/fixture-fake-baileys/${wa}/${what}`, body, admin);
    const status = async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status as string;
    expect((await api.post(`/api/whatsappsession/${wa}`, {}, admin)).status).toBe(200);
    await eventually(async () => (await status()) === 'OPENING');
    await drive('open', { me });
    await eventually(async () => (await status()) === 'CONNECTED');
    return { wa, drive, status };
  }

  it('a connection may use any registered provider, a plugin’s included; an unknown one is a field error (issue 11 item 4)', async () => {
    // The other company, whose plan still has room for connections.
    const made = await api.post('/api/whatsapp', { name: 'De plugin', provider: 'fake-baileys' }, otherAdmin);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.provider).toBe('fake-baileys');
    const unknown = await api.post('/api/whatsapp', { name: 'Ninguno', provider: 'telegram-x' }, otherAdmin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ path: 'provider', message: 'unknown_provider' }]);
  });

  it('corrupt stored credentials: the start fails and the connection says why', async () => {
    const wa = (await api.post('/api/whatsapp', { name: 'Dañada', provider: 'baileys', isDefault: true }, admin)).body.id;
    await queryDb(db.url, `update whatsapps set status = 'CONNECTED' where id = $1`, [wa]);
    await queryDb(db.url, `insert into channel_auth_state (whatsapp_id, key, value) values ($1, 'creds', 'v2:garbage:garbage:garbage')`, [wa]);
    const r = await api.post(`/api/whatsappsession/${wa}`, {}, admin);
    expect(r.status).toBeGreaterThanOrEqual(400);
    const c = await eventually(async () => {
      const row = (await api.get(`/api/whatsapp/${wa}`, admin)).body;
      return row.status === 'DISCONNECTED' ? row : null;
    });
    expect(c.statusReason).toBe('start_failed');
  });

  it('asking for a pairing code while the QR is shown restarts the session with the code (issue 10 item 8)', async () => {
    const wa = (await api.post('/api/whatsapp', { name: 'Código', provider: 'sandbox' }, admin)).body.id;
    const row = async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body;
    expect((await api.post(`/api/whatsappsession/${wa}`, { qr: true }, admin)).status).toBe(200);
    await eventually(async () => (await row()).status === 'qrcode');
    expect((await api.post(`/api/whatsappsession/${wa}`, { pairingPhone: '5511988887777' }, admin)).status).toBe(200);
    const paired = await eventually(async () => {
      const r = await row();
      return r.status === 'PAIRING' && r.pairingCode ? r : null;
    });
    expect(paired.qrcode).toBe('');
  });

  it('read receipts go to WhatsApp when an agent opens the conversation, only with sendReadReceipts enabled (issue 10 item 8)', async () => {
    const { wa, drive } = await fakeConnection('Leído', '51988877711:3@s.whatsapp.net');
    const inbound = (id: string, from: string) => ({ key: { remoteJid: `${from}@s.whatsapp.net`, id, fromMe: false }, message: { conversation: id }, messageTimestamp: 1_700_000_000 });
    const ticketOf = (id: string) => eventually(async () => (await queryDb(db.url, `select ticket_id from messages where provider_message_id = $1`, [id]))[0]?.ticket_id as number);
    const reads = async () => ((await api.get(`/api/fixture-fake-baileys/${wa}/reads`, admin)).body as { id: string }[]).map((k) => k.id);

    // Off (the default): opening the conversation clears the count but tells the customer nothing.
    await drive('upsert', { messages: [inbound('OFF-1', '51977700101')] });
    await api.get(`/api/messages/${await ticketOf('OFF-1')}`, admin);
    // Marked read beside the answer, not before it (issue 13 item 2): it lands just after.
    await eventually(async () => (await queryDb(db.url, `select read from messages where provider_message_id = 'OFF-1'`))[0].read === true);

    expect((await api.put('/api/settings/sendReadReceipts', { value: 'enabled' }, admin)).status).toBe(200);
    await drive('upsert', { messages: [inbound('ON-1', '51977700202'), inbound('ON-2', '51977700202')] });
    const ticket = await ticketOf('ON-2');
    await eventually(async () => (await queryDb(db.url, `select count(*)::int as n from messages where ticket_id = $1`, [ticket]))[0].n >= 2);
    await api.get(`/api/messages/${ticket}`, admin);
    await eventually(async () => (await reads()).length === 2);
    expect((await reads()).sort()).toEqual(['ON-1', 'ON-2']);
    // Already read: opening it again sends nothing more.
    await api.get(`/api/messages/${ticket}`, admin);
    await new Promise((r) => setTimeout(r, 300));
    expect(await reads()).toHaveLength(2);
    await api.put('/api/settings/sendReadReceipts', { value: 'disabled' }, admin);
  });

  it('a stopped session leaves no Redis connection behind (its workers end theirs)', async () => {
    const [{ company_id }] = await queryDb(db.url, `select company_id from users where email = 'admin@tienda.test'`);
    const wa = (await queryDb(db.url, `insert into whatsapps (company_id, name, provider) values ($1, 'Ciclos', 'sandbox') returning id`, [company_id]))[0].id;
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const workers = async () => ((await redis.call('CLIENT', 'LIST')) as string).split('\n').filter((l) => l.includes(`name=atende:${db.name}:worker`)).length;
    try {
      const cycle = async () => {
        expect((await api.post(`/api/whatsappsession/${wa}`, {}, admin)).status).toBe(200);
        await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
        expect((await api.del(`/api/whatsappsession/${wa}`, admin)).status).toBeLessThan(300);
        await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'DISCONNECTED');
      };
      await cycle();
      const before = await eventually(async () => workers());
      for (let i = 0; i < 3; i++) await cycle();
      await eventually(async () => (await workers()) <= before);
    } finally {
      redis.disconnect();
    }
  });

  it('a sent message WhatsApp reports as ERROR shows as failed; one already delivered stays delivered', async () => {
    const { drive } = await fakeConnection('Falso', '51988877766:3@s.whatsapp.net');
    const jid = '51977766600@s.whatsapp.net';
    await drive('upsert', { messages: [{ key: { remoteJid: jid, id: 'IN-ERR', fromMe: false }, message: { conversation: 'Hola' }, messageTimestamp: 1_700_000_000 }] });
    const ticketId = await eventually(async () => (await queryDb(db.url, `select ticket_id from messages where provider_message_id = 'IN-ERR'`))[0]?.ticket_id);
    expect((await api.put(`/api/tickets/${ticketId}`, { status: 'open' }, admin)).status).toBe(200);
    const sent = async (body: string) => {
      const id = (await api.post(`/api/messages/${ticketId}`, { body }, admin)).body.id;
      return eventually(async () => (await queryDb(db.url, 'select provider_message_id from messages where id = $1', [id]))[0]?.provider_message_id as string);
    };
    const failing = await sent('no llegará');
    const delivered = await sent('sí llegó');
    await drive('update', { updates: [{ key: { remoteJid: jid, fromMe: true, id: delivered }, update: { status: 3 } }] });
    await eventually(async () => (await queryDb(db.url, 'select ack from messages where provider_message_id = $1', [delivered]))[0].ack === 2);
    await drive('update', { updates: [{ key: { remoteJid: jid, fromMe: true, id: failing }, update: { status: 0 } }, { key: { remoteJid: jid, fromMe: true, id: delivered }, update: { status: 0 } }] });
    await eventually(async () => (await queryDb(db.url, 'select ack from messages where provider_message_id = $1', [failing]))[0].ack === -1);
    expect((await queryDb(db.url, 'select send_error from messages where provider_message_id = $1', [failing]))[0].send_error).toBe('ERR_SENDING_WAPP_MSG');
    expect((await queryDb(db.url, 'select ack from messages where provider_message_id = $1', [delivered]))[0].ack).toBe(2);
  });

  it('a reply written while the session reconnects waits and goes out once it is back, spending no attempt', async () => {
    const { drive, status } = await fakeConnection('Caída', '51988877700:3@s.whatsapp.net');
    const jid = '51977766611@s.whatsapp.net';
    await drive('upsert', { messages: [{ key: { remoteJid: jid, id: 'IN-GAP', fromMe: false }, message: { conversation: 'Hola' }, messageTimestamp: 1_700_000_000 }] });
    const ticketId = await eventually(async () => (await queryDb(db.url, `select ticket_id from messages where provider_message_id = 'IN-GAP'`))[0]?.ticket_id);
    expect((await api.put(`/api/tickets/${ticketId}`, { status: 'open' }, admin)).status).toBe(200);

    // The phone's connection drops (408): the session reconnects on its own.
    await drive('close', { code: 408 });
    await eventually(async () => (await status()) !== 'CONNECTED');
    const sent = await api.post(`/api/messages/${ticketId}`, { body: 'Respuesta durante el corte' }, admin);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    // Longer than three quick attempts would take: it still waits, not failed.
    await new Promise((r) => setTimeout(r, 4_000));
    expect((await queryDb(db.url, 'select ack, send_error, provider_message_id from messages where id = $1', [sent.body.id]))[0]).toMatchObject({ ack: 0, send_error: null, provider_message_id: null });
    // The new socket opens: the message goes out through it.
    await eventually(async () => (await drive('open', { me: '51988877700:3@s.whatsapp.net' })).status === 201 && (await status()) === 'CONNECTED');
    const row = await eventually(async () => (await queryDb(db.url, 'select ack, provider_message_id from messages where id = $1', [sent.body.id]))[0]?.provider_message_id ? (await queryDb(db.url, 'select ack, send_error from messages where id = $1', [sent.body.id]))[0] : null);
    expect(row).toMatchObject({ ack: 1, send_error: null });
  });
});
