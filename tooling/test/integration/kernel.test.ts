import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SUPER, bootFailure, client, createDatabase, startServer, type RunningServer } from '../support/server.js';

describe('kernel', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  describe('health', () => {
    it('reports database and Redis up', async () => {
      const r = await api.get('/api/health');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' } });
      // 'ok' or 'degraded' by the test Redis's persistence: see redis-persistence.test.ts.
      expect(r.body.status).toBe(r.body.redis.persistence === 'none' ? 'degraded' : 'ok');
    });

    it('answers 503 and names Redis when Redis is unreachable', async () => {
      const db2 = await createDatabase();
      const s = await startServer({ databaseUrl: db2.url, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
      try {
        const r = await client(s.url).get('/api/health');
        expect(r.status).toBe(503);
        expect(r.body).toMatchObject({ status: 'degraded', database: { status: 'up' }, redis: { status: 'down' } });
      } finally {
        await s.stop();
        await db2.drop();
      }
    });
  });

  describe('configuration', () => {
    it('refuses to boot with one clear line per bad value', async () => {
      const { code, output } = await bootFailure({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
      expect(code).toBe(1);
      expect(output).toContain('Invalid configuration');
      expect(output).toMatch(/PORT: /);
      expect(output).toMatch(/DATABASE_URL: must be a postgres/);
      expect(output).toMatch(/JWT_SECRET: must be at least 32 characters/);
    });

    it('requires DATABASE_URL', async () => {
      const { code, output } = await bootFailure({});
      expect(code).toBe(1);
      expect(output).toMatch(/DATABASE_URL: is required/);
    });
  });

  describe('migrations and first start', () => {
    it('applies kernel then plugin migrations once, recorded in atende_migrations', async () => {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      const { rows } = await c.query('select name from atende_migrations order by id');
      await c.end();
      expect(rows.map((r) => r.name)).toEqual(['core_0001_init', 'core_0002_tenancy', 'core_0003_channels', 'core_0004_channel_auth', 'core_0006_engine', 'core_0005_media', 'core_0007_search', 'core_0008_channel_contacts', 'core_0009_sandbox_edits', 'core_0010_tenant_keys', 'core_0011_message_details', 'core_0012_connection_reason', 'core_0013_message_source', 'core_0014_company_changes', 'core_0015_ticket_holder', 'core_0016_handler_bindings', 'core_0017_unsent_messages', 'core_0018_session_notify', 'core_0019_connection_notify', 'core_0020_connection_status_notify', 'core_0021_message_correlation', 'core_0022_binding_notify', 'core_0023_plan_offer', 'core_0024_company_credits', 'core_0025_sent_messages', 'core_0026_outbound_ids', 'core_0027_plan_features', 'core_0028_api_tokens', 'core_0029_ticket_automation', 'core_0032_quick_message_attachments', 'core_0034_ticket_counts', 'helps_0001_init', 'announcements_0001_init', 'internal-chat_0001_init', 'schedules_0001_init', 'files_0001_init', 'campaigns_0001_contact_lists', 'campaigns_0002_campaigns', 'campaigns_0003_send_lanes', 'campaigns_0004_sent_index', 'flowbuilder_0001_init', 'billing_0001_init', 'billing_0002_invoice_kinds', 'cloud-api_0001_init', 'google-sheets_0001_init', 'dashboard_0001_init', 'dashboard_0002_backfill', 'webhooks_0001_init', 'integrations_0001_init', 'ai_0001_init', 'ai_0002_transcription_claims']);
    });

    it('creates the platform company and its super user from SUPER_EMAIL/SUPER_PASSWORD', async () => {
      const { user } = await api.login(SUPER.email, SUPER.password);
      expect(user).toMatchObject({ email: SUPER.email, profile: 'super', super: true, company: { name: 'Atende', dueDate: null } });
      expect(Object.values(user.company.planFlags).every(Boolean)).toBe(true);
    });

    it('generates and prints a super password once when SUPER_PASSWORD is unset, and keeps secrets across restarts', async () => {
      const db2 = await createDatabase();
      const first = await startServer({ databaseUrl: db2.url, env: { SUPER_PASSWORD: '' } });
      const password = /Generated password \(shown only this once\): (\S+)/.exec(first.logs())?.[1];
      expect(password).toBeTruthy();
      const { token } = await client(first.url).login(SUPER.email, password!);
      const secretsFile = path.join(first.dataDir, 'secrets.json');
      expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
      const secrets = JSON.parse(readFileSync(secretsFile, 'utf8'));
      expect(secrets.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(secrets.jwtSecret).not.toBe(secrets.jwtRefreshSecret);
      await first.stop({ keepData: true });
      // Same data directory and database: no second super user, no new password, same JWT secret.
      const second = await startServer({ databaseUrl: db2.url, env: { SUPER_PASSWORD: '' }, dataDir: first.dataDir });
      try {
        expect(second.logs()).not.toContain('Super user created');
        expect((await client(second.url).get('/api/auth/me', token)).status).toBe(200);
      } finally {
        await second.stop();
        rmSync(first.dataDir, { recursive: true, force: true });
        await db2.drop();
      }
    });
  });

  describe('auth', () => {
    it('signs in and returns token, user and an httpOnly refresh cookie', async () => {
      const r = await api.post('/api/auth/login', { email: SUPER.email.toUpperCase(), password: SUPER.password });
      expect(r.status).toBe(200);
      expect(typeof r.body.token).toBe('string');
      const cookie = r.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^jrt=/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Path=\/api\/auth/);
      expect(cookie).toMatch(/SameSite=Strict/i);
      // Answers pass through the contract schema: nothing beyond the declared fields leaves the server.
      expect(Object.keys(r.body.user).sort()).toEqual(
        ['allTicket', 'company', 'companyId', 'email', 'id', 'language', 'name', 'profile', 'queues', 'super', 'whatsappId'],
      );
      expect(JSON.stringify(r.body)).not.toMatch(/password|tokenVersion/i);
    });

    it('answers 401 ERR_INVALID_CREDENTIALS for a wrong password and for an unknown e-mail alike', async () => {
      const wrong = await api.post('/api/auth/login', { email: SUPER.email, password: 'nope-nope' });
      const unknown = await api.post('/api/auth/login', { email: 'ghost@test.local', password: 'nope-nope' });
      for (const r of [wrong, unknown]) {
        expect(r.status).toBe(401);
        expect(r.body).toEqual({ error: 'ERR_INVALID_CREDENTIALS', message: expect.any(String) });
      }
    });

    it('answers 400 ERR_VALIDATION with details for a malformed body', async () => {
      const r = await api.post('/api/auth/login', { email: 'not-an-email' });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
      expect(r.body.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['email', 'password']));
    });

    it('GET /auth/me needs a valid token: 401 ERR_INVALID_TOKEN without or with a forged one', async () => {
      const { token } = await api.login(SUPER.email, SUPER.password);
      expect((await api.get('/api/auth/me', token)).body).toMatchObject({ email: SUPER.email });
      const none = await api.get('/api/auth/me');
      expect(none.status).toBe(401);
      expect(none.body.error).toBe('ERR_INVALID_TOKEN');
      const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      expect((await api.get('/api/auth/me', forged)).body.error).toBe('ERR_INVALID_TOKEN');
    });

    it('refreshes with the cookie, refuses without it, and logout clears it', async () => {
      const login = await api.post('/api/auth/login', { email: SUPER.email, password: SUPER.password });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
      const refreshed = await api.post('/api/auth/refresh_token', undefined, undefined, { Cookie: cookie });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.user.email).toBe(SUPER.email);
      expect((await api.get('/api/auth/me', refreshed.body.token)).status).toBe(200);
      const without = await api.post('/api/auth/refresh_token');
      expect(without.status).toBe(401);
      const out = await api.del('/api/auth/logout');
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toMatch(/jrt=;/);
    });

    it('an expired access token answers 403 ERR_SESSION_EXPIRED so the client refreshes', async () => {
      const db2 = await createDatabase();
      const s = await startServer({ databaseUrl: db2.url, env: { ACCESS_TOKEN_TTL: '1s' } });
      try {
        const a = client(s.url);
        const { token } = await a.login(SUPER.email, SUPER.password);
        await new Promise((r) => setTimeout(r, 2100));
        const r = await a.get('/api/auth/me', token);
        expect(r.status).toBe(403);
        expect(r.body.error).toBe('ERR_SESSION_EXPIRED');
      } finally {
        await s.stop();
        await db2.drop();
      }
    });

    it('revokes every token when the user token version changes', async () => {
      const { token } = await api.login(SUPER.email, SUPER.password);
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c.query('update users set token_version = token_version + 1 where email = $1', [SUPER.email]);
      await c.end();
      const r = await api.get('/api/auth/me', token);
      expect(r.status).toBe(401);
    });
  });

  describe('HTTP surface', () => {
    it('serves the shell for client routes, plugin remotes under /plugins/<id>/, and JSON 404 under /api', async () => {
      const spa = await fetch(`${server.url}/helps`);
      expect(spa.status).toBe(200);
      expect(await spa.text()).toContain('<div id="root">');
      const remote = await fetch(`${server.url}/plugins/helps/remoteEntry.js`);
      expect(remote.status).toBe(200);
      expect(remote.headers.get('content-type')).toMatch(/javascript/);
      expect((await fetch(`${server.url}/plugins/helps/nope.js`)).status).toBe(404);
      const missing = await api.get('/api/does-not-exist');
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('ERR_NOT_FOUND');
    });

    it('caches hashed assets for a year, revalidates entry files, and compresses', async () => {
      const html = await (await fetch(`${server.url}/login`)).text();
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(asset).toBeTruthy();
      const a = await fetch(`${server.url}${asset}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(a.headers.get('cache-control')).toContain('immutable');
      const entry = await fetch(`${server.url}/plugins/helps/remoteEntry.js`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(entry.headers.get('cache-control')).toBe('no-cache');
      expect(entry.headers.get('content-encoding')).toBe('gzip');
    });

    it('sets basic security headers and hides the framework', async () => {
      const r = await fetch(`${server.url}/api/health`);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('x-powered-by')).toBeNull();
    });
  });
});
