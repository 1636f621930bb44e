import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../lib/workspace.mjs';
import { SUPER, bootFailure, client, createDatabase, queryDb, startServer, type RunningServer } from '../support/server.js';

/**
 * Open lists (issue 29 item 3), through the HTTP API of the built kernel with a third party's plugin
 * (tooling/test/fixtures/feature-plugin): a plan feature it declares gates it, its routes live under
 * /api/<id>/ with an alias at a spec-like path, its manifest adds CSP sources; and the kernel refuses
 * to boot with a route collision, a plain-http CSP source or a plan flag nobody declares.
 */
const FEATURE = path.join(ROOT, 'tooling/test/fixtures/feature-plugin/index.mjs');
const MISFIT = path.join(ROOT, 'tooling/test/fixtures/misfit-plugin/index.mjs');
const PASSWORD = 'Str0ng-pass';

describe('open lists: plan features, aliases, CSP sources', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let sup: string;
  let withThing: string;
  let withoutThing: string;
  let planWith: { id: number; features?: Record<string, boolean> };
  let planWithout: { id: number; features?: Record<string, boolean> };

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: FEATURE } });
    api = client(server.url);
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    // Created without naming the feature: on, like the spec's flags in a new plan.
    planWith = (await api.post('/api/plans', { name: 'Con cosa', value: 10, users: 5, connections: 1, queues: 2 }, sup)).body;
    planWithout = (await api.post('/api/plans', { name: 'Sin cosa', value: 5, users: 5, connections: 1, queues: 2, features: { useFixtureThing: false } }, sup)).body;
    for (const [name, email, planId] of [
      ['Con', 'admin@con.test', planWith.id],
      ['Sin', 'admin@sin.test', planWithout.id],
    ] as const) {
      const r = await api.post('/api/companies', { name, email, password: PASSWORD, planId }, sup);
      expect(r.status).toBe(201);
    }
    withThing = (await api.login('admin@con.test', PASSWORD)).token;
    withoutThing = (await api.login('admin@sin.test', PASSWORD)).token;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('lists the declared feature with its labels for the plan form (super users only)', async () => {
    const r = await api.get('/api/plugins/plan-features', sup);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ key: 'useFixtureThing', plugin: 'fixture-feature', label: { es: 'Cosa de prueba', pt: 'Coisa de teste', en: 'Test thing' } }]);
    expect((await api.get('/api/plugins/plan-features', withThing)).status).toBe(403);
  });

  it('stores the feature per plan (plan_features), keeps the spec flags as they were, and updates it partially', async () => {
    expect(planWith.features).toEqual({ useFixtureThing: true });
    expect(planWithout.features).toEqual({ useFixtureThing: false });
    expect(planWith).toMatchObject({ useCampaigns: true, useKanban: true, useOpenAi: true });
    const rows = await queryDb(db.url, 'select plan_id, feature, enabled from plan_features order by plan_id');
    expect(rows).toEqual([
      { plan_id: planWith.id, feature: 'useFixtureThing', enabled: true },
      { plan_id: planWithout.id, feature: 'useFixtureThing', enabled: false },
    ]);
    // An update naming other fields leaves the feature alone.
    const renamed = await api.put(`/api/plans/${planWith.id}`, { name: 'Con cosa 2' }, sup);
    expect(renamed.status).toBe(200);
    expect(renamed.body.features).toEqual({ useFixtureThing: true });
    expect((await api.get(`/api/plans/${planWith.id}`, sup)).body.features).toEqual({ useFixtureThing: true });
    expect((await api.get('/api/plans/all', sup)).body.find((p: { id: number }) => p.id === planWithout.id).features).toEqual({ useFixtureThing: false });
  });

  it('refuses a feature no installed plugin declares', async () => {
    const r = await api.put(`/api/plans/${planWith.id}`, { features: { useTeleport: true } }, sup);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ERR_VALIDATION');
    expect(r.body.details).toEqual([expect.objectContaining({ path: 'features.useTeleport', message: 'unknown_feature' })]);
    const malformed = await api.post('/api/plans', { name: 'Mal', value: 1, users: 1, connections: 1, queues: 1, features: { teleport: true } }, sup);
    expect(malformed.status).toBe(400);
  });

  it('gates the plugin by its declared feature: 403 without it, served with it; the session says which', async () => {
    expect((await api.get('/api/fixture-feature/things/status', withThing)).body).toEqual({ ok: true });
    const refused = await api.get('/api/fixture-feature/things/status', withoutThing);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api.get('/api/things/status', withoutThing)).status).toBe(403);
    const me = async (token: string) => (await api.get('/api/auth/me', token)).body;
    expect((await me(withThing)).company.planFlags.useFixtureThing).toBe(true);
    expect((await me(withoutThing)).company.planFlags.useFixtureThing).toBe(false);
    // Switching the feature on for the plan opens the routes at once.
    expect((await api.put(`/api/plans/${planWithout.id}`, { features: { useFixtureThing: true } }, sup)).status).toBe(200);
    expect((await api.get('/api/fixture-feature/things/status', withoutThing)).status).toBe(200);
    await api.put(`/api/plans/${planWithout.id}`, { features: { useFixtureThing: false } }, sup);
    expect((await api.get('/api/fixture-feature/things/status', withoutThing)).status).toBe(403);
  });

  it('answers an alias with the plugin route under its id, parameters and query included', async () => {
    expect((await api.get('/api/things/status', withThing)).body).toEqual({ ok: true });
    expect((await api.get('/api/things/42?x=1', withThing)).body).toEqual({ id: '42' });
    expect((await api.get('/api/fixture-feature/things/42', withThing)).body).toEqual({ id: '42' });
    // A path neither the plugin nor an alias names is not invented.
    expect((await api.get('/api/things/42/more', withThing)).status).toBe(404);
  });

  it('binds a queue to the plugin\'s own binding field (thingId) under the same rules as the spec\'s', async () => {
    const created = await api.post('/api/queue', { name: 'Cosas', color: '#009688', bindings: { thingId: 5 } }, withThing);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ promptId: null, integrationId: null, bindings: { thingId: 5 } });
    const id = created.body.id as number;
    // Every declared field is answered (the installed flow builder's flowId too), this one set.
    expect((await api.get(`/api/queue/${id}`, withThing)).body.bindings).toEqual({ flowId: null, thingId: 5 });
    const refused = async (token: string, body: object, path: string, message: string) => {
      const r = await api.put(`/api/queue/${id}`, body, token);
      expect(r.status).toBe(400);
      expect(r.body.details).toEqual([expect.objectContaining({ path, message })]);
    };
    await refused(withThing, { bindings: { thingId: 6 } }, 'bindings.thingId', 'not_found');
    await refused(withThing, { bindings: { otherId: 1 } }, 'bindings.otherId', 'no_plugin');
    expect((await api.put(`/api/queue/${id}`, { bindings: { thingId: null } }, withThing)).body.bindings).toEqual({ flowId: null, thingId: null });
    // A company whose plan lacks the plugin's feature cannot bind to it.
    const other = await api.post('/api/queue', { name: 'Otras', color: '#795548', bindings: { thingId: 5 } }, withoutThing);
    expect(other.status).toBe(400);
    expect(other.body.details).toEqual([expect.objectContaining({ path: 'bindings.thingId', message: 'no_plugin' })]);
  });

  it('adds the manifest\'s CSP sources to the shell\'s policy, and only there', async () => {
    const res = await fetch(`${server.url}/tickets`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split(';').map((d) => d.trim().split(/\s+/)).find(([k]) => k === name)?.slice(1);
    // The installed helps plugin declares YouTube's; the fixture adds its own.
    expect(directive('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://i.ytimg.com', 'https://img.fixture.example']);
    expect(directive('frame-src')).toEqual(['https://www.youtube-nocookie.com', 'https://player.fixture.example']);
    expect(directive('script-src')).toEqual(["'self'"]);
    const apiCsp = (await fetch(`${server.url}/api/health`)).headers.get('content-security-policy');
    expect(apiCsp).not.toContain('fixture.example');
  });
});

describe('open lists: refused at boot', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  beforeAll(async () => {
    db = await createDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });
  const boot = (how: string, plugins: string[]) =>
    bootFailure({
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atende-test-')),
      SUPER_EMAIL: SUPER.email,
      SUPER_PASSWORD: SUPER.password,
      ATENDE_PLUGINS: plugins.join(','),
      FIXTURE_MISFIT: how,
    });

  it('a plugin alias claiming a kernel route', async () => {
    const { code, output } = await boot('kernel', [MISFIT]);
    expect(code).toBe(1);
    expect(output).toContain('Route collision: GET /api/plans/all is claimed by the kernel and by plugin "fixture-misfit" (alias of /api/fixture-misfit/plans/all)');
  });

  it('two plugins claiming one path', async () => {
    const { code, output } = await boot('plugin', [FEATURE, MISFIT]);
    expect(code).toBe(1);
    expect(output).toMatch(/Route collision: GET \/api\/things\/(status|:id) .*plugin "fixture-feature".*plugin "fixture-misfit"|Route collision: .*plugin "fixture-misfit".*plugin "fixture-feature"/);
  });

  it('a CSP source that is not an https origin, even without definePlugin', async () => {
    const { code, output } = await boot('csp', [MISFIT]);
    expect(code).toBe(1);
    expect(output).toContain('Plugin "fixture-misfit": CSP source "http://insecure.example" for img-src must be an https origin');
  });

  it('a plan flag no loaded plugin declares', async () => {
    const { code, output } = await boot('flag', [MISFIT]);
    expect(code).toBe(1);
    expect(output).toContain('Plugin "fixture-misfit": plan flag "useNobodysThing" is neither one of the kernel\'s');
  });
});
