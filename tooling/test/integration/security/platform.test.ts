import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { SUPER, TEST_REDIS_URL, client, createDatabase, startServer, type RunningServer } from '../../support/server.js';
import { connect, record } from '../../support/realtime.js';
import { TENANT_PASSWORD, twoCompanies } from '../../support/tenants.js';
import { eventually, pause } from '../../support/wait.js';

/**
 * Issue 9 item 12: platform administration events (plans, companies) reach only the super users;
 * a tenant's sockets get their own company's changes and platform-wide data (help videos), nothing else.
 */
describe('security: platform events only to super users (item 12)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let sup: string;
  let admin: string;
  let companyId: number;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ admin, companyId } = await twoCompanies(api));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('plans and other companies are announced to the super user, never to a tenant', async () => {
    const superSocket = await connect(server.url, sup);
    const tenantSocket = await connect(server.url, admin);
    const superPlans = record(superSocket, 'plan');
    const superCompanies = record(superSocket, 'company');
    const tenantPlans = record(tenantSocket, 'plan');
    const tenantCompanies = record(tenantSocket, 'company');
    const tenantHelps = record(tenantSocket, 'help');
    try {
      const plan = (await api.post('/api/plans', { name: 'Secreto', value: 10, users: 1, connections: 1, queues: 1 }, sup)).body;
      await api.put(`/api/plans/${plan.id}`, { name: 'Secreto 2', value: 11, users: 1, connections: 1, queues: 1 }, sup);
      const other = await api.post('/api/companies', { name: 'Tercera', email: 'admin@tercera.test', password: TENANT_PASSWORD, planId: plan.id }, sup);
      expect(other.status).toBe(201);
      await api.post(`/api/companies/${other.body.id}/advance-due-date`, {}, sup);
      expect((await api.del(`/api/companies/${other.body.id}`, sup)).status).toBeLessThan(300);
      // The tenant's own company changing is theirs to see; help videos are for everyone.
      await api.post(`/api/companies/${companyId}/advance-due-date`, {}, sup);
      expect((await api.post('/api/helps', { title: 'Bienvenida', video: 'dQw4w9WgXcQ', description: 'Hola' }, sup)).status).toBe(201);

      await eventually(async () => {
        expect(superPlans.map((e) => e.action)).toEqual(['create', 'update']);
        expect(superCompanies.map((e) => e.action)).toEqual(expect.arrayContaining(['create', 'update', 'delete']));
        expect(tenantHelps).toHaveLength(1);
        expect(tenantCompanies).toHaveLength(1);
        return true;
      });
      await pause(300);
      expect(tenantPlans).toEqual([]);
      expect(tenantCompanies).toHaveLength(1);
      expect(tenantCompanies[0].company.id).toBe(companyId);
    } finally {
      superSocket.disconnect();
      tenantSocket.disconnect();
    }
  });

  describe('plan limits hold under parallel creates (item 16)', () => {
    it('10 queues at once on a 5-queue plan: exactly 5 are created, the rest get ERR_PLAN_LIMIT', async () => {
      const colors = ['#f44336', '#e91e63', '#9c27b0', '#673ab7', '#3f51b5', '#2196f3', '#03a9f4', '#00bcd4', '#009688', '#4caf50'];
      const results = await Promise.all(colors.map((color, i) => api.post('/api/queue', { name: `Cola ${i}`, color }, admin)));
      const created = results.filter((r) => r.status === 201);
      expect(created).toHaveLength(5);
      expect(results.filter((r) => r.status === 403).every((r) => r.body.error === 'ERR_PLAN_LIMIT')).toBe(true);
      expect((await api.get('/api/queue', admin)).body).toHaveLength(5);
    });

    it('5 connections at once on a 2-connection plan: exactly 2', async () => {
      const results = await Promise.all([0, 1, 2, 3, 4].map((i) => api.post('/api/whatsapp', { name: `Línea ${i}`, provider: 'sandbox' }, admin)));
      expect(results.filter((r) => r.status === 201)).toHaveLength(2);
      expect((await api.get('/api/whatsapp', admin)).body).toHaveLength(2);
    });

    it('12 users at once on a 10-user plan: the company ends with exactly 10', async () => {
      const before = (await api.get('/api/users', admin)).body.count as number;
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => api.post('/api/users', { name: `Agente ${i}`, email: `paralelo${i}@tienda.test`, password: TENANT_PASSWORD }, admin)),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(10 - before);
      expect(results.filter((r) => r.status !== 201).every((r) => r.body.error === 'ERR_PLAN_LIMIT')).toBe(true);
      expect((await api.get('/api/users', admin)).body.count).toBe(10);
    });
  });

  describe('deleting a company (item 16)', () => {
    it('stops its WhatsApp sessions and removes its media files', async () => {
      const plan = (await api.post('/api/plans', { name: 'Borrable', value: 1, users: 3, connections: 2, queues: 2 }, sup)).body;
      const company = (await api.post('/api/companies', { name: 'Efímera', email: 'admin@efimera.test', password: TENANT_PASSWORD, planId: plan.id }, sup)).body;
      const token = (await api.login('admin@efimera.test', TENANT_PASSWORD)).token;
      const wa = (await api.post('/api/whatsapp', { name: 'Línea', provider: 'sandbox', isDefault: true }, token)).body.id;
      expect((await api.post(`/api/whatsappsession/${wa}`, {}, token)).status).toBe(200);
      await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, token)).body.status === 'CONNECTED');
      // A customer writes with a picture: the company now has a media file on disk.
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b00000000049454e44ae426082', 'hex');
      const sent = await api.post(`/api/sandbox/${wa}/messages`, { from: '51911122233', body: 'foto', media: { mimetype: 'image/png', dataBase64: png.toString('base64') } }, token);
      const companyDir = path.join(server.dataDir, 'media', String(company.id));
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      await eventually(async () => existsSync(companyDir) && readdirSync(companyDir).length > 0);
      const lease = async () => {
        const r = new Redis(TEST_REDIS_URL);
        try {
          return await r.get(`atende:${db.name}:lease:whatsapp:${wa}`);
        } finally {
          r.disconnect();
        }
      };
      expect(await lease()).not.toBeNull();

      expect((await api.del(`/api/companies/${company.id}`, sup)).status).toBeLessThan(300);
      expect(existsSync(companyDir)).toBe(false);
      await eventually(async () => (await lease()) === null);
    });
  });
});
