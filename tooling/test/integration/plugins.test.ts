import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ROOT } from '../../lib/workspace.mjs';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';
import { seedCompany } from '../support/fixtures.js';
import { connect, nextEvent } from '../support/realtime.js';

const FIXTURE = path.join(ROOT, 'tooling/test/fixtures/flagged-plugin/index.mjs');
const PW = 'Agent-pw-1234';

describe('plugins', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let a: RunningServer;
  let b: RunningServer;
  let api: ReturnType<typeof client>;
  let superToken: string;
  let basicAdmin: string;
  let basicAgent: string;
  let kanbanAgent: string;

  beforeAll(async () => {
    db = await createDatabase();
    // Processes of one deployment share the JWT secrets (from env), as they would behind a load balancer.
    const env = {
      ATENDE_PLUGINS: FIXTURE,
      JWT_SECRET: randomBytes(32).toString('hex'),
      JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    };
    a = await startServer({ databaseUrl: db.url, env });
    // A second process on the same database and Redis: realtime must cross between them.
    b = await startServer({ databaseUrl: db.url, env });
    api = client(a.url);
    await seedCompany(db.url, {
      name: 'Basic',
      flags: { useCampaigns: true },
      users: [
        { email: 'admin@basic.test', password: PW, profile: 'admin' },
        { email: 'agent@basic.test', password: PW, profile: 'user' },
      ],
    });
    await seedCompany(db.url, { name: 'Kanban', flags: { useKanban: true }, users: [{ email: 'agent@kanban.test', password: PW, profile: 'user' }] });
    superToken = (await api.login(SUPER.email, SUPER.password)).token;
    basicAdmin = (await api.login('admin@basic.test', PW)).token;
    basicAgent = (await api.login('agent@basic.test', PW)).token;
    kanbanAgent = (await api.login('agent@kanban.test', PW)).token;
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  describe('GET /api/plugins', () => {
    it('gives the super user every plugin with remote entry, routes, menu and the super-only settings tab', async () => {
      const r = await api.get('/api/plugins', superToken);
      expect(r.status).toBe(200);
      const helps = r.body.find((p: { id: string }) => p.id === 'helps');
      expect(helps).toMatchObject({
        remoteEntry: '/plugins/helps/remoteEntry.js',
        routes: [{ path: '/helps' }],
        menu: [{ path: '/helps', label: { es: 'Ayuda', en: 'Help' } }],
        settingsTabs: [{ key: 'helps' }],
      });
      expect(r.body.map((p: { id: string }) => p.id)).toContain('fixture-flagged');
      const fixture = r.body.find((p: { id: string }) => p.id === 'fixture-flagged');
      expect(fixture.remoteEntry).toBeNull();
    });

    it('applies role: an agent gets the help page but not the Helps settings tab', async () => {
      const r = await api.get('/api/plugins', basicAgent);
      const helps = r.body.find((p: { id: string }) => p.id === 'helps');
      expect(helps.menu).toHaveLength(1);
      expect(helps.settingsTabs).toEqual([]);
    });

    it('applies the plan flag: a company without useKanban gets the flagged plugin locked (route paths only, nothing to load or show)', async () => {
      const basic = (await api.get('/api/plugins', basicAdmin)).body.find((p: { id: string }) => p.id === 'fixture-flagged');
      const kanban = (await api.get('/api/plugins', kanbanAgent)).body.find((p: { id: string }) => p.id === 'fixture-flagged');
      expect(basic).toMatchObject({ locked: true, remoteEntry: null, menu: [], settingsTabs: [], zones: [] });
      expect(basic.routes.length).toBeGreaterThan(0);
      expect(basic.routes.every((r: object) => Object.keys(r).join() === 'path')).toBe(true);
      expect(kanban).toMatchObject({ locked: false });
      const helps = (await api.get('/api/plugins', basicAdmin)).body.find((p: { id: string }) => p.id === 'helps');
      expect(helps.locked).toBe(false);
    });

    it('needs a signed-in user', async () => {
      expect((await api.get('/api/plugins')).status).toBe(401);
    });

    it('answers an expired company too, with only the pages allowed while expired (none here); public pages need no sign-in', async () => {
      await seedCompany(db.url, { name: 'Vencida', flags: {}, dueInDays: -3, users: [{ email: 'admin@vencida.test', password: PW, profile: 'admin' }] });
      const expired = (await api.login('admin@vencida.test', PW)).token;
      expect((await api.get('/api/contacts', expired)).status).toBe(402);
      const r = await api.get('/api/plugins', expired);
      expect(r.status).toBe(200);
      const helps = r.body.find((p: { id: string }) => p.id === 'helps');
      expect(helps).toMatchObject({ routes: [], menu: [], settingsTabs: [], zones: [], remoteEntry: null });
      const open = await api.get('/api/plugins/public');
      expect(open.status).toBe(200);
      // The installed plugins' only public page: Google Sheets' OAuth popup callback.
      expect(open.body.map((p: { id: string; routes: { path: string }[] }) => [p.id, p.routes.map((r) => r.path)])).toEqual([['google-sheets', ['/google-sheets/callback']]]);
    });
  });

  describe('plan-flag guard on every plugin route', () => {
    it('answers 403 ERR_NO_PERMISSION on each route for a company whose plan lacks the flag', async () => {
      for (const r of [await api.get('/api/fixture-flagged/ping', basicAdmin), await api.post('/api/fixture-flagged/write', {}, basicAdmin)]) {
        expect(r.status).toBe(403);
        expect(r.body.error).toBe('ERR_NO_PERMISSION');
      }
    });

    it('lets a company whose plan has the flag through, and the platform company always', async () => {
      expect((await api.get('/api/fixture-flagged/ping', kanbanAgent)).body).toEqual({ pong: true });
      expect((await api.post('/api/fixture-flagged/write', {}, kanbanAgent)).status).toBe(201);
      expect((await api.get('/api/fixture-flagged/ping', superToken)).status).toBe(200);
    });

    it('gives plugins BullMQ queues and workers on the kernel Redis', async () => {
      const { body } = await api.post('/api/fixture-flagged/jobs', { n: 21 }, kanbanAgent);
      let job = { state: '', result: null as null | { doubled: number } };
      for (let i = 0; i < 50 && job.state !== 'completed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        job = (await api.get(`/api/fixture-flagged/jobs/${body.id}`, kanbanAgent)).body;
      }
      expect(job).toEqual({ state: 'completed', result: { doubled: 42 } });
      expect((await api.post('/api/fixture-flagged/jobs', { n: 1 }, basicAdmin)).status).toBe(403);
    });

    it('still requires authentication first', async () => {
      expect((await api.get('/api/fixture-flagged/ping')).status).toBe(401);
    });
  });

  describe('helps', () => {
    let id: number;

    it('lets only the super user write: admin and agent get 403 ERR_NO_PERMISSION', async () => {
      const body = { title: 'Primeros pasos', video: 'dQw4w9WgXcQ', description: 'Cómo empezar' };
      for (const token of [basicAdmin, basicAgent]) {
        const r = await api.post('/api/helps', body, token);
        expect(r.status).toBe(403);
        expect(r.body.error).toBe('ERR_NO_PERMISSION');
      }
      const created = await api.post('/api/helps', body, superToken);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ id: expect.any(Number), ...body });
      id = created.body.id;
    });

    it('validates input: title 2–120, a YouTube code or link, description up to 2000', async () => {
      const bad = await api.post('/api/helps', { title: 'x', video: 'not a code!', description: 'd'.repeat(2001) }, superToken);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('ERR_VALIDATION');
      expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['description', 'title', 'video']);
      const link = await api.post('/api/helps', { title: 'Desde enlace', video: 'https://www.youtube.com/watch?v=abcDEF12345' }, superToken);
      expect(link.status).toBe(201);
      expect(link.body.video).toBe('abcDEF12345');
      expect(link.body.description).toBe('');
    });

    it('lets every signed-in user read the list and the searchable page', async () => {
      for (const token of [basicAgent, kanbanAgent, superToken]) {
        const list = await api.get('/api/helps/list', token);
        expect(list.status).toBe(200);
        expect(list.body.map((h: { title: string }) => h.title)).toEqual(['Desde enlace', 'Primeros pasos']);
      }
      const page = await api.get('/api/helps?searchParam=empezar&pageNumber=1', basicAgent);
      expect(page.body).toMatchObject({ count: 1, hasMore: false, records: [{ id }] });
      const literal = await api.get('/api/helps?searchParam=%25', basicAgent);
      expect(literal.body.count).toBe(0);
      expect((await api.get('/api/helps/list')).status).toBe(401);
    });

    it('updates and deletes, with 404 for an unknown id and 400 for a malformed one', async () => {
      const up = await api.put(`/api/helps/${id}`, { title: 'Primeros pasos (v2)', video: 'dQw4w9WgXcQ', description: 'Nuevo' }, superToken);
      expect(up.status).toBe(200);
      expect(up.body.title).toBe('Primeros pasos (v2)');
      // Updates are partial (issue 9 item 19): what the body leaves out keeps its value.
      const partial = await api.put(`/api/helps/${id}`, { title: 'Primeros pasos (v3)' }, superToken);
      expect(partial.body).toMatchObject({ title: 'Primeros pasos (v3)', video: 'dQw4w9WgXcQ', description: 'Nuevo' });
      expect((await api.put('/api/helps/999999', { title: 'abc', video: 'dQw4w9WgXcQ' }, superToken)).status).toBe(404);
      expect((await api.del('/api/helps/abc', superToken)).status).toBe(400);
      expect((await api.del(`/api/helps/${id}`, basicAdmin)).status).toBe(403);
      expect((await api.del(`/api/helps/${id}`, superToken)).status).toBe(204);
      const gone = await api.del(`/api/helps/${id}`, superToken);
      expect(gone.status).toBe(404);
      expect(gone.body.error).toBe('ERR_NO_HELP_FOUND');
    });
  });

  describe('realtime', () => {
    it('refuses a socket without a valid token', async () => {
      await expect(connect(a.url, 'garbage')).rejects.toThrow(/auth/);
    });

    it('delivers help events to users of every company, across two server processes', async () => {
      const onB = await connect(b.url, basicAgent);
      const onA = await connect(a.url, kanbanAgent);
      try {
        const gotB = nextEvent(onB, 'help');
        const gotA = nextEvent(onA, 'help');
        const created = await api.post('/api/helps', { title: 'En vivo', video: 'dQw4w9WgXcQ' }, superToken);
        expect(await gotB).toEqual({ action: 'create', record: created.body });
        expect(await gotA).toEqual({ action: 'create', record: created.body });
      } finally {
        onA.disconnect();
        onB.disconnect();
      }
    });
  });
});
