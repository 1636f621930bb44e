import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createDatabase, startServer, type RunningServer } from '../../support/server.js';
import { TENANT_PASSWORD, twoCompanies } from '../../support/tenants.js';

/**
 * Issue 9, users: changing one's own password or e-mail needs the current password (item 7), and
 * PUT /users/{id} changes only the fields it carries (item 19).
 */
describe('security: users', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let companyId: number;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ admin, companyId } = await twoCompanies(api));
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  const addUser = async (email: string) => {
    const r = await api.post('/api/users', { name: email.split('@')[0], email, password: TENANT_PASSWORD }, admin);
    expect(r.status).toBe(201);
    return r.body.id as number;
  };

  describe('own password or e-mail change needs the current password (item 7)', () => {
    it('refuses a new password without or with a wrong current password; accepts the right one', async () => {
      const id = await addUser('propia@tienda.test');
      const token = (await api.login('propia@tienda.test', TENANT_PASSWORD)).token;
      const missing = await api.put(`/api/users/${id}`, { password: 'Otr4-clave-segura' }, token);
      expect(missing.status).toBe(400);
      expect(JSON.stringify(missing.body.details)).toContain('currentPassword');
      const wrong = await api.put(`/api/users/${id}`, { password: 'Otr4-clave-segura', currentPassword: 'Not-the-0ne' }, token);
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toBe('ERR_WRONG_CURRENT_PASSWORD');
      // Nothing changed: the old password still signs in.
      await api.login('propia@tienda.test', TENANT_PASSWORD);
      const token2 = (await api.login('propia@tienda.test', TENANT_PASSWORD)).token;
      const ok = await api.put(`/api/users/${id}`, { password: 'Otr4-clave-segura', currentPassword: TENANT_PASSWORD }, token2);
      expect(ok.status).toBe(200);
      await api.login('propia@tienda.test', 'Otr4-clave-segura');
    });

    it('an e-mail change needs it too; a name change does not', async () => {
      const id = await addUser('correo@tienda.test');
      const token = (await api.login('correo@tienda.test', TENANT_PASSWORD)).token;
      expect((await api.put(`/api/users/${id}`, { email: 'robado@tienda.test' }, token)).status).toBe(400);
      expect((await api.put(`/api/users/${id}`, { email: 'robado@tienda.test', currentPassword: 'Wr0ng-guess' }, token)).body.error).toBe('ERR_WRONG_CURRENT_PASSWORD');
      expect((await api.put(`/api/users/${id}`, { name: 'Nuevo Nombre' }, token)).status).toBe(200);
      const moved = await api.put(`/api/users/${id}`, { email: 'nuevo@tienda.test', currentPassword: TENANT_PASSWORD }, token);
      expect(moved.status).toBe(200);
      expect(moved.body.email).toBe('nuevo@tienda.test');
    });

    it('wrong guesses are limited per user', async () => {
      const id = await addUser('adivina@tienda.test');
      const token = (await api.login('adivina@tienda.test', TENANT_PASSWORD)).token;
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await api.put(`/api/users/${id}`, { password: 'Otr4-clave-segura', currentPassword: `Guess-${i}x` }, token)).status);
      expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
      expect(statuses.slice(5)).toEqual([429, 429]);
    });

    it('an admin changing another user keeps today’s behaviour (no current password asked)', async () => {
      const id = await addUser('otro@tienda.test');
      expect((await api.put(`/api/users/${id}`, { password: 'Adm1n-set-pass', email: 'otro2@tienda.test' }, admin)).status).toBe(200);
      await api.login('otro2@tienda.test', 'Adm1n-set-pass');
    });
  });

  describe('partial updates (item 19)', () => {
    it('PUT /users/{id} with one field keeps the others', async () => {
      const q = (await api.post('/api/queue', { name: 'Parcial', color: '#795548' }, admin)).body.id;
      const id = (await api.post('/api/users', { name: 'Parcial', email: 'parcial@tienda.test', password: TENANT_PASSWORD, profile: 'supervisor', allTicket: 'enabled', queueIds: [q] }, admin)).body.id;
      const r = await api.put(`/api/users/${id}`, { name: 'Parcial Dos' }, admin);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ name: 'Parcial Dos', email: 'parcial@tienda.test', profile: 'supervisor', allTicket: 'enabled', enabled: true });
      expect(r.body.queues.map((x: { id: number }) => x.id)).toEqual([q]);
    });
  });

  describe('the user shape (issue 27 item 12)', () => {
    it('GET /users/{id} carries companyId, for an admin and for the user themself', async () => {
      const id = await addUser('forma@tienda.test');
      const byAdmin = await api.get(`/api/users/${id}`, admin);
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.companyId).toBe(companyId);
      const own = await api.get(`/api/users/${id}`, (await api.login('forma@tienda.test', TENANT_PASSWORD)).token);
      expect(own.body.companyId).toBe(companyId);
    });
  });
});
