import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createDatabase, startServer, type RunningServer } from '../../support/server.js';
import { connect, record } from '../../support/realtime.js';
import { TENANT_PASSWORD, twoCompanies } from '../../support/tenants.js';
import { eventually, pause } from '../../support/wait.js';

/**
 * Issue 9 item 9: a QR or pairing code lets whoever reads it link their phone to the company. Only
 * users who may run connection sessions get them, over HTTP and over the socket.
 */
describe('security: link codes only for who may link numbers (item 9)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let agent: string;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ admin } = await twoCompanies(api));
    await api.post('/api/users', { name: 'Agente', email: 'agente@tienda.test', password: TENANT_PASSWORD }, admin);
    agent = (await api.login('agente@tienda.test', TENANT_PASSWORD)).token;
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('the QR reaches the admin’s socket and GET; the agent sees the status without the code', async () => {
    const adminSocket = await connect(server.url, admin);
    const agentSocket = await connect(server.url, agent);
    const adminEvents = record(adminSocket, 'whatsappSession');
    const agentEvents = record(agentSocket, 'whatsappSession');
    try {
      const wa = (await api.post('/api/whatsapp', { name: 'Principal', provider: 'sandbox', isDefault: true }, admin)).body.id;
      expect((await api.post(`/api/whatsappsession/${wa}`, { qr: true }, admin)).status).toBe(200);
      await eventually(async () => adminEvents.some((e) => e.session.status === 'qrcode' && e.session.qrcode));
      await eventually(async () => agentEvents.some((e) => e.session.status === 'qrcode'));
      await pause(200);
      expect(agentEvents.every((e) => e.session.qrcode === '' && !e.session.pairingCode)).toBe(true);

      const forAdmin = (await api.get(`/api/whatsapp/${wa}`, admin)).body;
      expect(forAdmin.qrcode).not.toBe('');
      const forAgent = (await api.get(`/api/whatsapp/${wa}`, agent)).body;
      expect(forAgent).toMatchObject({ status: 'qrcode', qrcode: '' });
      expect((await api.get('/api/whatsapp', agent)).body.every((c: { qrcode: string }) => c.qrcode === '')).toBe(true);
      expect((await api.post(`/api/whatsappsession/${wa}`, { qr: true }, agent)).status).toBe(403);
    } finally {
      adminSocket.disconnect();
      agentSocket.disconnect();
    }
  });

  it('a profile change moves an open socket into or out of the linkers room', async () => {
    const id = (await api.post('/api/users', { name: 'Luego Admin', email: 'luego@tienda.test', password: TENANT_PASSWORD }, admin)).body.id;
    const socket = await connect(server.url, (await api.login('luego@tienda.test', TENANT_PASSWORD)).token);
    const events = record(socket, 'whatsappSession');
    try {
      const wa = (await api.post('/api/whatsapp', { name: 'Segunda', provider: 'sandbox' }, admin)).body.id;
      const showQr = async () => {
        await api.del(`/api/whatsappsession/${wa}`, admin);
        expect((await api.post(`/api/whatsappsession/${wa}`, { qr: true }, admin)).status).toBe(200);
      };
      // Promoted while connected: the same socket now gets the codes.
      expect((await api.put(`/api/users/${id}`, { profile: 'admin' }, admin)).status).toBe(200);
      await showQr();
      await eventually(async () => events.some((e) => e.session.id === wa && e.session.status === 'qrcode' && e.session.qrcode));
      // Demoted: the status still arrives, the code no longer.
      expect((await api.put(`/api/users/${id}`, { profile: 'user' }, admin)).status).toBe(200);
      events.length = 0;
      await showQr();
      await eventually(async () => events.some((e) => e.session.id === wa && e.session.status === 'qrcode'));
      await pause(200);
      expect(events.every((e) => e.session.qrcode === '' && !e.session.pairingCode)).toBe(true);
    } finally {
      socket.disconnect();
    }
  });
});
