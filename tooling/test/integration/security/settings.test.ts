import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createDatabase, startServer, type RunningServer } from '../../support/server.js';
import { connect, record } from '../../support/realtime.js';
import { TENANT_PASSWORD, twoCompanies } from '../../support/tenants.js';
import { eventually, pause } from '../../support/wait.js';

/** Issue 9 item 22: the asaas token is readable by admins only; the userCreation option takes effect. */
describe('security: company options (item 22)', () => {
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

  it('the asaas token reaches admins only: settings list, session payload and live updates', async () => {
    const adminSocket = await connect(server.url, admin);
    const agentSocket = await connect(server.url, agent);
    const adminEvents = record(adminSocket, 'settings');
    const agentEvents = record(agentSocket, 'settings');
    try {
      expect((await api.put('/api/settings/asaas', { value: 'tok_live_secret' }, admin)).status).toBe(200);
      await eventually(async () => adminEvents.some((e) => e.setting.key === 'asaas' && e.setting.value === 'tok_live_secret'));
      await pause(300);
      expect(agentEvents.some((e) => e.setting.key === 'asaas')).toBe(false);
    } finally {
      adminSocket.disconnect();
      agentSocket.disconnect();
    }
    const forAdmin = (await api.get('/api/settings', admin)).body as { key: string; value: string }[];
    expect(forAdmin.find((s) => s.key === 'asaas')?.value).toBe('tok_live_secret');
    const forAgent = (await api.get('/api/settings', agent)).body as { key: string }[];
    expect(forAgent.some((s) => s.key === 'asaas')).toBe(false);
    expect(forAgent.some((s) => s.key === 'userRating')).toBe(true);
    const me = (await api.get('/api/auth/me', agent)).body;
    expect(JSON.stringify(me)).not.toContain('tok_live_secret');
    expect((await api.get('/api/auth/me', admin)).body.company.settings.find((s: { key: string }) => s.key === 'asaas').value).toBe('tok_live_secret');
  });

  it('userCreation disabled: the company cannot add users (403 ERR_USER_CREATION_DISABLED); enabled again, it can', async () => {
    expect((await api.put('/api/settings/userCreation', { value: 'disabled' }, admin)).status).toBe(200);
    const refused = await api.post('/api/users', { name: 'Nuevo', email: 'nuevo@tienda.test', password: TENANT_PASSWORD }, admin);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_USER_CREATION_DISABLED');
    expect((await api.put('/api/settings/userCreation', { value: 'enabled' }, admin)).status).toBe(200);
    expect((await api.post('/api/users', { name: 'Nuevo', email: 'nuevo@tienda.test', password: TENANT_PASSWORD }, admin)).status).toBe(201);
  });

  it('first writes of one key at once all succeed and leave one row with one of the values', async () => {
    const values = ['enabled', 'disabled', 'enabled', 'disabled', 'enabled', 'disabled'];
    const answers = await Promise.all(values.map((value) => api.put('/api/settings/sendReadReceipts', { value }, admin)));
    expect(answers.map((r) => r.status)).toEqual(values.map(() => 200));
    const stored = (await api.get('/api/settings', admin)).body.filter((s: { key: string }) => s.key === 'sendReadReceipts');
    expect(stored).toHaveLength(1);
    expect(values).toContain(stored[0].value);
  });
});
