import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../../../lib/workspace.mjs';
import { client, createDatabase, sandbox, startServer, type RunningServer } from '../../support/server.js';
import { twoCompanies } from '../../support/tenants.js';
import { eventually, pause } from '../../support/wait.js';

/** The real Baileys provider on a fake socket (see the fixture), driven through test-only routes. */
const FAKE_BAILEYS = path.join(ROOT, 'tooling/test/fixtures/fake-baileys-plugin/index.mjs');

/**
 * Issue 9 item 6: a customer controls the content of what they send, protocol messages included.
 * An edit or revoke changes the stored history only for a message its sender wrote: never the
 * agent's, never another contact's, and in groups never another participant's.
 */
describe('security: edits and revokes only by the sender (item 6)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let sql: pg.Client;
  let admin: string;
  let wa: number;
  const ME = '51988877766:3@s.whatsapp.net';
  const ANA = '51977766655';
  const BETO = '51977766644';
  const GROUP = '120363025555555555@g.us';
  const jid = (n: string) => `${n}@s.whatsapp.net`;
  const drive = (what: string, body: object) => api.post(`/api/fixture-fake-baileys/${wa}/${what}`, body, admin);
  const row = async (providerId: string) =>
    (await sql.query(`select * from messages where whatsapp_id = $1 and provider_message_id = $2`, [wa, providerId])).rows[0];
  const say = (from: string, id: string, text: string, group?: string) =>
    drive('upsert', {
      messages: [{ key: { remoteJid: group ?? jid(from), id, fromMe: false, ...(group ? { participant: jid(from) } : {}) }, message: { conversation: text }, messageTimestamp: 1_700_000_000, pushName: from }],
    });
  const protocol = (from: string, envelopeId: string, type: number, target: object, extra: object = {}, group?: string) =>
    drive('upsert', {
      messages: [
        {
          key: { remoteJid: group ?? jid(from), id: envelopeId, fromMe: false, ...(group ? { participant: jid(from) } : {}) },
          message: { protocolMessage: { type, key: target, ...extra } },
          messageTimestamp: 1_700_000_100,
        },
      ],
    });
  const REVOKE = 0;
  const EDIT = 14;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: FAKE_BAILEYS } });
    api = client(server.url);
    ({ admin } = await twoCompanies(api));
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    const companyId = (await sql.query(`select company_id from users where email = 'admin@tienda.test'`)).rows[0].company_id;
    wa = (await sql.query(`insert into whatsapps (company_id, name, provider) values ($1, 'Falso', 'fake-baileys') returning id`, [companyId])).rows[0].id;
    expect((await api.post(`/api/whatsappsession/${wa}`, {}, admin)).status).toBe(200);
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'OPENING');
    await drive('open', { me: ME });
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
    await api.put('/api/settings/CheckMsgIsGroup', { value: 'disabled' }, admin);
  });
  afterAll(async () => {
    await sql?.end();
    await server?.stop();
    await db?.drop();
  });

  it('a customer cannot delete or edit the agent’s message, by protocol message or by update', async () => {
    await say(ANA, 'ANA-1', 'Hola');
    const ticket = await eventually(async () => (await row('ANA-1'))?.ticket_id);
    expect((await api.put(`/api/tickets/${ticket}`, { status: 'open' }, admin)).status).toBe(200);
    const sent = (await api.post(`/api/messages/${ticket}`, { body: 'Respuesta del agente' }, admin)).body;
    const agentMsg = await eventually(async () => (await sql.query(`select * from messages where id = $1`, [sent.id])).rows[0]?.provider_message_id);

    await protocol(ANA, 'ENV-1', REVOKE, { remoteJid: jid(ANA), fromMe: true, id: agentMsg });
    await protocol(ANA, 'ENV-2', EDIT, { remoteJid: jid(ANA), fromMe: true, id: agentMsg }, { editedMessage: { conversation: 'Texto falso del agente' } });
    await drive('update', { updates: [{ key: { remoteJid: jid(ANA), fromMe: false, id: agentMsg }, update: { message: null, messageStubType: 1 } }] });
    // Her own edit, sent last, lands: everything before it was handled and refused.
    await protocol(ANA, 'ENV-3', EDIT, { remoteJid: jid(ANA), fromMe: true, id: 'ANA-1' }, { editedMessage: { conversation: 'Hola (editado)' } });
    await eventually(async () => (await row('ANA-1')).is_edited);
    expect(await row('ANA-1')).toMatchObject({ body: 'Hola (editado)' });
    expect(await row(agentMsg)).toMatchObject({ body: 'Respuesta del agente', is_deleted: false, is_edited: false, from_me: true });
  });

  it('a contact cannot delete or edit another contact’s message', async () => {
    await say(ANA, 'ANA-2', 'Mi pedido es el 123');
    await eventually(() => row('ANA-2'));
    await say(BETO, 'BETO-1', 'Hola');
    await eventually(() => row('BETO-1'));
    await protocol(BETO, 'ENV-4', REVOKE, { remoteJid: jid(BETO), fromMe: false, id: 'ANA-2' });
    await protocol(BETO, 'ENV-5', EDIT, { remoteJid: jid(BETO), fromMe: false, id: 'ANA-2' }, { editedMessage: { conversation: 'Cancelen mi pedido' } });
    await protocol(BETO, 'ENV-6', REVOKE, { remoteJid: jid(BETO), fromMe: false, id: 'BETO-1' });
    await eventually(async () => (await row('BETO-1')).is_deleted);
    expect(await row('ANA-2')).toMatchObject({ body: 'Mi pedido es el 123', is_deleted: false, is_edited: false });
  });

  it('in a group, a participant cannot delete another participant’s message', async () => {
    await say(ANA, 'G-1', 'Mensaje de Ana', GROUP);
    await eventually(() => row(`G-1:${ANA}`));
    await say(BETO, 'G-2', 'Mensaje de Beto', GROUP);
    await eventually(() => row(`G-2:${BETO}`));
    // Beto names Ana as the author of the target: the envelope (Beto) decides.
    await protocol(BETO, 'ENV-7', REVOKE, { remoteJid: GROUP, fromMe: false, participant: jid(ANA), id: 'G-1' }, {}, GROUP);
    await protocol(BETO, 'ENV-8', REVOKE, { remoteJid: GROUP, fromMe: false, participant: jid(BETO), id: 'G-2' }, {}, GROUP);
    await eventually(async () => (await row(`G-2:${BETO}`)).is_deleted);
    await pause(200);
    expect((await row(`G-1:${ANA}`)).is_deleted).toBe(false);
  });

  it('in a group, a member cannot edit or delete another member’s message whatever id the channel names (issue 27 item 8)', async () => {
    // The sandbox phone reports what it is told (the target's id as the channel names it, the member who
    // sent the change), as a provider that trusts WhatsApp's protocol key would: the kernel must compare members.
    const box = await sandbox(api, admin).connect('Sandbox grupo');
    const group = '120363026666666666';
    const target = `SG-1:${ANA}`;
    const stored = async () => (await sql.query(`select * from messages where whatsapp_id = $1 and provider_message_id = $2`, [box, target])).rows[0];
    const change = async (body: object) => expect((await api.post(`/api/sandbox/${box}/changes`, { group, id: target, ...body }, admin)).status).toBe(202);
    expect((await api.post(`/api/sandbox/${box}/messages`, { from: ANA, name: 'Ana', body: 'Pedido 123 de Ana', id: 'SG-1', group }, admin)).status).toBe(202);
    expect(await eventually(stored)).toMatchObject({ participant: ANA });

    await change({ kind: 'revoke', from: BETO });
    await change({ kind: 'edit', from: BETO, body: 'Cancelen el pedido' });
    // Ana's own edit lands; Beto's revoke and edit, applied, would leave it deleted or with his text.
    await change({ kind: 'edit', from: ANA, body: 'Pedido 124 de Ana' });
    await eventually(async () => (await stored()).is_edited);
    await pause(500);
    expect(await stored()).toMatchObject({ body: 'Pedido 124 de Ana', is_edited: true, is_deleted: false });
    // Beto still deletes his own message in the group.
    expect((await api.post(`/api/sandbox/${box}/messages`, { from: BETO, body: 'Mensaje de Beto', id: 'SG-2', group }, admin)).status).toBe(202);
    await eventually(async () => (await sql.query(`select 1 from messages where whatsapp_id = $1 and provider_message_id = $2`, [box, `SG-2:${BETO}`])).rowCount);
    expect((await api.post(`/api/sandbox/${box}/changes`, { kind: 'revoke', from: BETO, group, id: `SG-2:${BETO}` }, admin)).status).toBe(202);
    await eventually(async () => (await sql.query(`select is_deleted from messages where whatsapp_id = $1 and provider_message_id = $2`, [box, `SG-2:${BETO}`])).rows[0].is_deleted);
  });
});
