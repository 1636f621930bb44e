import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { client, createDatabase, queryDb, startServer, type RunningServer } from '../../support/server.js';
import { TENANT_PASSWORD, twoCompanies } from '../../support/tenants.js';
import { eventually } from '../../support/wait.js';

/**
 * Issue 9 item 10 (the sandbox is off in production unless SANDBOX_ENABLED=true, and what came through
 * it is stored and shown as simulated), item 20 (a customer's quoted reply is stored with its quote)
 * and item 21 (a group ticket's contact carries the group's name; each message its participant).
 */
describe('security: sandbox, quotes and groups', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let wa: number;
  const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), JWT_REFRESH_SECRET: randomBytes(32).toString('hex') };
  const sql = (q: string, params: unknown[] = []) => queryDb(db.url, q, params);
  const say = async (body: object) => {
    const r = await api.post(`/api/sandbox/${wa}/messages`, body, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    return r.body.id as string;
  };
  const stored = (providerId: string) => eventually(async () => (await sql('select * from messages where whatsapp_id = $1 and provider_message_id = $2', [wa, providerId]))[0]);

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: secrets });
    api = client(server.url);
    ({ admin } = await twoCompanies(api));
    wa = (await api.post('/api/whatsapp', { name: 'Sandbox', provider: 'sandbox', isDefault: true }, admin)).body.id;
    expect((await api.post(`/api/whatsappsession/${wa}`, {}, admin)).status).toBe(200);
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
    await api.put('/api/settings/CheckMsgIsGroup', { value: 'disabled' }, admin);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  describe('sandbox in production (item 10)', () => {
    it('is refused in production; SANDBOX_ENABLED=true turns it on', async () => {
      const prod = await startServer({ databaseUrl: db.url, env: { ...secrets, NODE_ENV: 'production' } });
      try {
        const papi = client(prod.url);
        const token = (await papi.login('admin@tienda.test', TENANT_PASSWORD)).token;
        const created = await papi.post('/api/whatsapp', { name: 'Otra', provider: 'sandbox' }, token);
        expect(created.status).toBe(403);
        expect(created.body.error).toBe('ERR_NO_PERMISSION');
        const write = await papi.post(`/api/sandbox/${wa}/messages`, { from: '51900000001', body: 'hola' }, token);
        expect(write.status).toBe(403);
        expect(write.body.error).toBe('ERR_NO_PERMISSION');
        expect((await papi.get(`/api/sandbox/${wa}/messages?to=51900000001`, token)).status).toBe(403);
      } finally {
        await prod.stop();
      }
      const forced = await startServer({ databaseUrl: db.url, env: { ...secrets, NODE_ENV: 'production', SANDBOX_ENABLED: 'true' } });
      try {
        const fapi = client(forced.url);
        const token = (await fapi.login('admin@tienda.test', TENANT_PASSWORD)).token;
        expect((await fapi.get(`/api/sandbox/${wa}/messages?to=51900000001`, token)).status).toBe(200);
      } finally {
        await forced.stop();
      }
      // One session per user: signing in there ended this file's admin session.
      admin = (await api.login('admin@tienda.test', TENANT_PASSWORD)).token;
    });

    it('messages that came through the sandbox are stored and served as simulated', async () => {
      const id = await say({ from: '51900000002', name: 'Prueba', body: 'mensaje simulado' });
      const row = await stored(id);
      expect(row.simulated).toBe(true);
      const page = (await api.get(`/api/messages/${row.ticket_id}`, admin)).body.messages as { id: number; simulated: boolean }[];
      expect(page.find((m) => m.id === row.id)?.simulated).toBe(true);
    });
  });

  describe('quoted customer replies (item 20)', () => {
    it('are stored with the quoted message, which the API returns', async () => {
      const first = await say({ from: '51900000003', name: 'Rosa', body: '¿Tienen envío?' });
      const firstRow = await stored(first);
      const reply = await say({ from: '51900000003', body: 'Sobre esto', quotedId: first });
      const row = await stored(reply);
      expect(row.quoted_msg_id).toBe(firstRow.id);
      const page = (await api.get(`/api/messages/${row.ticket_id}`, admin)).body.messages as { id: number; quotedMsg: { id: number; body: string } | null }[];
      expect(page.find((m) => m.id === row.id)?.quotedMsg).toMatchObject({ id: firstRow.id, body: '¿Tienen envío?' });
    });

    it('another chat’s message id quotes nothing', async () => {
      const other = await say({ from: '51900000004', body: 'secreto de otro cliente' });
      await stored(other);
      const row = await stored(await say({ from: '51900000005', body: 'cito otro chat', quotedId: other }));
      expect(row.quoted_msg_id).toBeNull();
    });
  });

  describe('groups (item 21)', () => {
    it('the group contact takes the group name; each message records its participant, shown by the API', async () => {
      const id = await say({ from: '51900000006', name: 'Beto', body: 'hola grupo', group: '120363000000000001', groupName: 'Clientes VIP' });
      const row = await stored(`${id}:51900000006`);
      expect(row).toMatchObject({ participant: '51900000006', participant_name: 'Beto' });
      const [contact] = await sql('select name, is_group from contacts where id = $1', [row.contact_id]);
      expect(contact).toEqual({ name: 'Clientes VIP', is_group: true });
      const page = (await api.get(`/api/messages/${row.ticket_id}`, admin)).body.messages as { id: number; participant: unknown }[];
      expect(page.find((m) => m.id === row.id)?.participant).toEqual({ number: '51900000006', name: 'Beto' });
      // A renamed group: the contact follows.
      await stored(`${await say({ from: '51900000007', body: 'nuevo nombre', group: '120363000000000001', groupName: 'Clientes VIP 2026' })}:51900000007`);
      expect((await sql('select name from contacts where id = $1', [row.contact_id]))[0].name).toBe('Clientes VIP 2026');
    });
  });
});
