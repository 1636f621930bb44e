import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../../support/server.js';
import { connect, nextEvent, record } from '../../support/realtime.js';
import { TENANT_PASSWORD, twoCompanies } from '../../support/tenants.js';
import { eventually, pause } from '../../support/wait.js';

/**
 * Issue 9, sessions and sign-in: realtime authorization kept current, deactivated companies, atomic
 * brute-force counters, logout, session lifetime, secrets and logs, the session user payload.
 * Two server processes share one database and Redis (and JWT secrets): `server` with default settings
 * and `short` with 3-second access tokens and a 6-second absolute session lifetime.
 */
describe('security: authentication and sessions', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let short: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let companyId: number;
  const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), JWT_REFRESH_SECRET: randomBytes(32).toString('hex') };

  const call = async (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
  const login = (email: string, password: string, ip: string, base = server.url) =>
    call(base, 'POST', '/api/auth/login', { email, password }, { 'X-Forwarded-For': ip });
  const cookieOf = (r: { headers: Headers }) => (r.headers.get('set-cookie') ?? '').split(';')[0];
  const refresh = (cookie: string, base = server.url) => call(base, 'POST', '/api/auth/refresh_token', undefined, { Cookie: cookie });
  const sql = async (q: string, params: unknown[] = []) => {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      return (await c.query(q, params)).rows;
    } finally {
      await c.end();
    }
  };
  const addUser = async (email: string, extra: Record<string, unknown> = {}) => {
    const r = await api.post('/api/users', { name: email.split('@')[0], email, password: TENANT_PASSWORD, ...extra }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as number;
  };

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: secrets });
    short = await startServer({ databaseUrl: db.url, env: { ...secrets, ACCESS_TOKEN_TTL: '3s', SESSION_MAX_AGE: '6s' } });
    api = client(server.url);
    ({ admin, companyId } = await twoCompanies(api));
  });
  afterAll(async () => {
    await short?.stop();
    await server?.stop();
    await db?.drop();
  });

  describe('realtime authorization follows the user (item 3)', () => {
    let q1: number;
    let q2: number;
    beforeAll(async () => {
      q1 = (await api.post('/api/queue', { name: 'Uno', color: '#e91e63' }, admin)).body.id;
      q2 = (await api.post('/api/queue', { name: 'Dos', color: '#3f51b5' }, admin)).body.id;
      expect((await api.post('/api/whatsapp', { name: 'Principal', provider: 'sandbox', isDefault: true }, admin)).status).toBe(201);
    });

    it('changing a user’s queues moves their open socket, on another server process, between queue rooms', async () => {
      const contact = async (n: string) => (await api.post('/api/contacts', { name: `Cliente ${n}`, number: `5199900000${n}` }, admin)).body.id;
      const [c1, c2, c3] = [await contact('1'), await contact('2'), await contact('3')];
      const agentId = await addUser('rooms@tienda.test', { queueIds: [q1] });
      const token = (await login('rooms@tienda.test', TENANT_PASSWORD, '10.30.0.1')).body.token;
      // The socket lives on the other process: the update below is handled by `server`.
      const socket = await connect(short.url, token);
      const seen = record(socket, 'ticket');
      const ticketIn = async (contactId: number, queueId: number) => {
        const r = await api.post('/api/tickets', { contactId, queueId, status: 'pending' }, admin);
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        return r.body.id as number;
      };
      const before = await ticketIn(c1, q2);
      await pause(400);
      expect(seen.some((e) => e.ticket?.id === before)).toBe(false);
      const moved = await api.put(`/api/users/${agentId}`, { name: 'rooms', email: 'rooms@tienda.test', queueIds: [q2] }, admin);
      expect(moved.status).toBe(200);
      const after = await ticketIn(c2, q2);
      await eventually(async () => seen.some((e) => e.ticket?.id === after), 5000);
      const oldQueue = await ticketIn(c3, q1);
      await pause(400);
      expect(seen.some((e) => e.ticket?.id === oldQueue)).toBe(false);
      expect(socket.connected).toBe(true);
      socket.disconnect();
    });

    it('a profile change takes effect on the open socket (admins room joined, then left)', async () => {
      const id = await addUser('promo@tienda.test');
      const token = (await login('promo@tienda.test', TENANT_PASSWORD, '10.30.0.2')).body.token;
      const socket = await connect(short.url, token);
      const seen = record(socket, 'ticket');
      const q = q1;
      const c = (await api.post('/api/contacts', { name: 'Cliente 4', number: '51999000004' }, admin)).body.id;
      expect((await api.put(`/api/users/${id}`, { name: 'promo', email: 'promo@tienda.test', profile: 'admin' }, admin)).status).toBe(200);
      const t = (await api.post('/api/tickets', { contactId: c, queueId: q, status: 'pending' }, admin)).body.id;
      await eventually(async () => seen.some((e) => e.ticket?.id === t), 5000);
      expect((await api.put(`/api/users/${id}`, { name: 'promo', email: 'promo@tienda.test', profile: 'user' }, admin)).status).toBe(200);
      const c5 = (await api.post('/api/contacts', { name: 'Cliente 5', number: '51999000005' }, admin)).body.id;
      const t2 = (await api.post('/api/tickets', { contactId: c5, queueId: q, status: 'pending' }, admin)).body.id;
      await pause(400);
      expect(seen.some((e) => e.ticket?.id === t2)).toBe(false);
      socket.disconnect();
    });

    it('turning allTicket on lets the open socket see queueless tickets', async () => {
      const id = await addUser('noqueue@tienda.test', { allTicket: 'desabled' });
      const token = (await login('noqueue@tienda.test', TENANT_PASSWORD, '10.30.0.5')).body.token;
      const socket = await connect(short.url, token);
      const seen = record(socket, 'ticket');
      const contact = async (n: string) => (await api.post('/api/contacts', { name: `Cliente ${n}`, number: `5199900001${n}` }, admin)).body.id;
      const queueless = async (n: string) => {
        const r = await api.post('/api/tickets', { contactId: await contact(n), status: 'pending' }, admin);
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        return r.body.id as number;
      };
      const hidden = await queueless('1');
      await pause(400);
      expect(seen.some((e) => e.ticket?.id === hidden)).toBe(false);
      expect((await api.put(`/api/users/${id}`, { name: 'noqueue', email: 'noqueue@tienda.test', allTicket: 'enabled' }, admin)).status).toBe(200);
      const shown = await queueless('2');
      await eventually(async () => seen.some((e) => e.ticket?.id === shown), 5000);
      socket.disconnect();
    });

    it('joinChatBox judges the user as they are now, not as they were when the socket connected', async () => {
      const id = await addUser('demoted@tienda.test', { profile: 'admin' });
      const token = (await login('demoted@tienda.test', TENANT_PASSWORD, '10.30.0.4')).body.token;
      const socket = await connect(short.url, token);
      const q = q2;
      const c = (await api.post('/api/contacts', { name: 'Cliente 6', number: '51999000006' }, admin)).body.id;
      const ticket = (await api.post('/api/tickets', { contactId: c, queueId: q, status: 'pending' }, admin)).body.id;
      const join = () => new Promise<{ ok: boolean }>((resolve) => socket.emit('joinChatBox', ticket, resolve));
      expect(await join()).toEqual({ ok: true });
      expect((await api.put(`/api/users/${id}`, { name: 'demoted', email: 'demoted@tienda.test', profile: 'user' }, admin)).status).toBe(200);
      expect(await join()).toEqual({ ok: false });
      socket.disconnect();
    });

    it('a socket ends when its access token expires, told "expired" first', async () => {
      const token = (await login('admin@otra.test', TENANT_PASSWORD, '10.30.0.3', short.url)).body.token;
      const socket = await connect(short.url, token);
      const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
      expect(await nextEvent(socket, 'auth', 6000)).toMatchObject({ action: 'expired' });
      await closed;
      expect(socket.connected).toBe(false);
    });
  });

  describe('a deactivated company (item 4)', () => {
    it('loses its sessions, sockets and WhatsApp sessions at once, and cannot sign in or refresh', async () => {
      const sup = (await api.login(SUPER.email, SUPER.password)).token;
      const r0 = await login('admin@otra.test', TENANT_PASSWORD, '10.40.0.1');
      const otra = r0.body.token;
      const otraId = r0.body.user.companyId as number;
      const wa = (await api.post('/api/whatsapp', { name: 'Otra WA', provider: 'sandbox' }, otra)).body.id;
      expect((await api.post(`/api/whatsappsession/${wa}`, {}, otra)).status).toBe(200);
      await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, otra)).body.status === 'CONNECTED');
      const socket = await connect(short.url, otra);
      const told = nextEvent(socket, 'auth');
      const company = (await api.get(`/api/companies/${otraId}`, sup)).body;
      const off = await api.put(
        `/api/companies/${otraId}`,
        { name: company.name, email: company.email, planId: company.planId, dueDate: company.dueDate, recurrence: company.recurrence, status: false, campaignsEnabled: company.campaignsEnabled },
        sup,
      );
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      expect(await told).toEqual({ action: 'revoked' });
      expect((await api.get('/api/auth/me', otra)).status).toBe(401);
      expect((await refresh(cookieOf(r0))).status).toBe(401);
      expect((await login('admin@otra.test', TENANT_PASSWORD, '10.40.0.2')).status).toBe(403);
      const row = await eventually(async () => (await sql('select status from whatsapps where id = $1', [wa]))[0]?.status === 'DISCONNECTED');
      expect(row).toBe(true);
      socket.disconnect();
    });

    it('the guard and the refresh refuse a company made inactive behind their back', async () => {
      await addUser('guard@tienda.test');
      const r0 = await login('guard@tienda.test', TENANT_PASSWORD, '10.40.0.3');
      expect((await api.get('/api/auth/me', r0.body.token)).status).toBe(200);
      await sql('update companies set status = false where id = $1', [companyId]);
      try {
        expect((await api.get('/api/auth/me', r0.body.token)).status).toBe(401);
        expect((await refresh(cookieOf(r0))).status).toBe(401);
      } finally {
        await sql('update companies set status = true where id = $1', [companyId]);
      }
    });
  });

  describe('the session cache (issue 13 item 2)', () => {
    const me = (base: string, token: string) => call(base, 'GET', '/api/auth/me', undefined, { Authorization: `Bearer ${token}` });
    const listed = async (base: string, token: string) => {
      const r = await call(base, 'GET', '/api/tickets?status=open', undefined, { Authorization: `Bearer ${token}` });
      return r.status === 200 ? (r.body.tickets as { id: number }[]).map((x) => x.id) : r.status;
    };

    // Each test removes the user it adds: the company's plan allows 10.
    const removeUser = async (id: number) => expect((await api.del(`/api/users/${id}`, admin)).status).toBe(204);

    it('every process forgets a user changed behind its back (raw SQL), and takes them back when changed again', async () => {
      const id = await addUser('cache@tienda.test');
      try {
        const token = (await login('cache@tienda.test', TENANT_PASSWORD, '10.90.0.1')).body.token as string;
        // Both processes have the user in memory now.
        expect((await me(server.url, token)).status).toBe(200);
        expect((await me(short.url, token)).status).toBe(200);
        await sql(`update users set enabled = false where id = $1`, [id]);
        await eventually(async () => (await me(server.url, token)).status === 401 && (await me(short.url, token)).status === 401, 3_000);
        await sql(`update users set enabled = true where id = $1`, [id]);
        await eventually(async () => (await me(server.url, token)).status === 200 && (await me(short.url, token)).status === 200, 3_000);
      } finally {
        await removeUser(id);
      }
    });

    it('a change of queues made through one process changes what the other process lists', async () => {
      const q = (await api.post('/api/queue', { name: 'Caché', color: '#795548' }, admin)).body.id as number;
      const agentId = await addUser('cache-agent@tienda.test');
      try {
        const token = (await login('cache-agent@tienda.test', TENANT_PASSWORD, '10.90.0.2')).body.token as string;
        const contact = (await api.post('/api/contacts', { name: 'Cache Cliente', number: '5491155501234' }, admin)).body.id as number;
        const ticket = (await api.post('/api/tickets', { contactId: contact, queueId: q, status: 'open', userId: (await me(server.url, admin)).body.id }, admin)).body.id as number;
        expect(await listed(short.url, token)).not.toContain(ticket);
        expect((await api.put(`/api/users/${agentId}`, { queueIds: [q] }, admin)).status).toBe(200);
        await eventually(async () => ((await listed(short.url, token)) as number[]).includes(ticket), 3_000);
        expect((await api.put(`/api/users/${agentId}`, { queueIds: [] }, admin)).status).toBe(200);
        await eventually(async () => !((await listed(short.url, token)) as number[]).includes(ticket), 3_000);
      } finally {
        await removeUser(agentId);
      }
    });

    it('survives losing its notifications: the connection is cut, changes still take effect, and it listens again', async () => {
      const id = await addUser('cache-cut@tienda.test');
      try {
        const token = (await login('cache-cut@tienda.test', TENANT_PASSWORD, '10.90.0.4')).body.token as string;
        expect((await me(server.url, token)).status).toBe(200);
        const cut = await sql(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'atende-change-feed' and datname = current_database()`);
        expect(cut.length).toBe(2); // one per server process
        await sql(`update users set enabled = false where id = $1`, [id]);
        await eventually(async () => (await me(server.url, token)).status === 401 && (await me(short.url, token)).status === 401, 3_000);
        await sql(`update users set enabled = true where id = $1`, [id]);
        await eventually(async () => (await me(server.url, token)).status === 200, 3_000);
        // Listening again: a new connection per process, and later changes reach both.
        await eventually(async () => (await sql(`select 1 from pg_stat_activity where application_name = 'atende-change-feed' and datname = current_database()`)).length === 2, 5_000);
        await sql(`update users set enabled = false where id = $1`, [id]);
        await eventually(async () => (await me(server.url, token)).status === 401 && (await me(short.url, token)).status === 401, 3_000);
      } finally {
        await removeUser(id);
      }
    });

    it('the process that revokes refuses the old token on its very next request', async () => {
      const id = await addUser('cache-now@tienda.test');
      try {
        const first = (await login('cache-now@tienda.test', TENANT_PASSWORD, '10.90.0.3')).body.token as string;
        expect((await me(server.url, first)).status).toBe(200);
        // Signing in again ends the other session (one session per user).
        expect((await login('cache-now@tienda.test', TENANT_PASSWORD, '10.90.0.3')).status).toBe(200);
        expect((await me(server.url, first)).status).toBe(401);
      } finally {
        await removeUser(id);
      }
    });
  });

  describe('brute-force counters are atomic (item 5)', () => {
    it('a burst of 30 parallel wrong passwords from one address gets at most 5 checked, the rest 429', async () => {
      const results = await Promise.all(Array.from({ length: 30 }, () => login('nobody@tienda.test', 'wrong-pass', '10.50.0.1')));
      const statuses = results.map((r) => r.status);
      const checked = statuses.filter((s) => s === 401).length;
      expect(checked).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBe(30 - checked);
    });

    it('a right password gives its count back', async () => {
      await addUser('count@tienda.test');
      for (let i = 0; i < 4; i++) expect((await login('count@tienda.test', 'wrong-pass', '10.50.0.2')).status).toBe(401);
      for (let i = 0; i < 3; i++) expect((await login('count@tienda.test', TENANT_PASSWORD, '10.50.0.2')).status).toBe(200);
      expect((await login('count@tienda.test', 'wrong-pass', '10.50.0.2')).status).toBe(401);
      expect((await login('count@tienda.test', TENANT_PASSWORD, '10.50.0.2')).status).toBe(429);
    });

    it('parallel wrong reset codes: at most 5 are checked, then the code is dead', async () => {
      const email = 'reset@tienda.test';
      await addUser(email);
      expect((await call(server.url, 'POST', `/api/forgetpsw/${email}`, undefined, { 'X-Forwarded-For': '10.51.0.1' })).status).toBe(200);
      const code = [...server.logs().matchAll(/mail to reset@tienda\.test .*?Su código es (\d{6})/g)].at(-1)![1];
      const wrong = code === '000000' ? '111111' : '000000';
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(server.url, 'POST', '/api/resetpasswords', { email, token: wrong, password: 'Another-1pass' }, { 'X-Forwarded-For': `10.52.0.${i}` }),
        ),
      );
      const [row] = await sql('select attempts from password_resets where user_id = (select id from users where email = $1) order by id desc limit 1', [email]);
      expect(row.attempts).toBe(5);
      const right = await call(server.url, 'POST', '/api/resetpasswords', { email, token: code, password: 'Another-1pass' }, { 'X-Forwarded-For': '10.52.1.0' });
      expect(right.status).toBe(400);
      expect(right.body.error).toBe('ERR_INVALID_RESET_CODE');
    });
  });

  describe('no one can lock an account out (issue 27 item 7)', () => {
    // X-Forwarded-For is honoured from loopback (TRUST_PROXY's default), so each call comes "from" its own address.
    const tenFailures = async (email: string, net: string) => {
      for (let i = 1; i <= 10; i++) expect((await login(email, 'Wr0ng-guess', `${net}.${i}`)).status).toBe(401);
    };
    // The company's plan allows 10 users: these go again afterwards.
    const added: number[] = [];
    afterAll(async () => {
      for (const id of added) expect((await api.del(`/api/users/${id}`, admin)).status).toBe(204);
    });

    it('ten failures from other addresses, then the owner signs in at once', async () => {
      added.push(await addUser('owner@tienda.test'));
      await tenFailures('owner@tienda.test', '10.27.1');
      expect((await login('owner@tienda.test', TENANT_PASSWORD, '10.27.9.1')).status).toBe(200);
    });

    it('the super user too', async () => {
      await tenFailures(SUPER.email, '10.27.2');
      expect((await login(SUPER.email, SUPER.password, '10.27.9.2')).status).toBe(200);
    });

    it('past five failures the account delays, growing, only the addresses that failed for it', async () => {
      const email = 'slow@tienda.test';
      added.push(await addUser(email));
      for (let i = 1; i <= 6; i++) expect((await login(email, 'Wr0ng-guess', `10.27.3.${i}`)).status).toBe(401);
      // The sixth failure holds the account 2 s for 10.27.3.6, even with the right password.
      const held = await login(email, TENANT_PASSWORD, '10.27.3.6');
      expect(held.status).toBe(429);
      expect(held.body.error).toBe('ERR_TOO_MANY_ATTEMPTS');
      expect(held.body.details.retryAfterSeconds).toBeLessThanOrEqual(2);
      // Another address's wrong password is still checked, and the delay doubles.
      expect((await login(email, 'Wr0ng-guess', '10.27.3.7')).status).toBe(401);
      expect((await login(email, TENANT_PASSWORD, '10.27.3.6')).body.details.retryAfterSeconds).toBeGreaterThan(2);
      // An address that has not failed signs in at once, and the right password clears the delay.
      expect((await login(email, TENANT_PASSWORD, '10.27.3.100')).status).toBe(200);
      expect((await login(email, TENANT_PASSWORD, '10.27.3.6')).status).toBe(200);
    });

    it("a typo on the owner's own device while strangers guess does not hold the owner (an address they signed in from before)", async () => {
      const email = 'slow@tienda.test'; // added by the test above (the plan's user limit is tight)
      expect((await login(email, TENANT_PASSWORD, '10.27.5.1')).status).toBe(200);
      await tenFailures(email, '10.27.6');
      // Before: the typo marked 10.27.5.1 and the strangers' delay (32 s) then held its right password.
      expect((await login(email, 'Wr0ng-guess', '10.27.5.1')).status).toBe(401);
      expect((await login(email, TENANT_PASSWORD, '10.27.5.1')).status).toBe(200);
      // A stranger's address that failed is still held by the account's delay.
      await tenFailures(email, '10.27.7');
      expect((await login(email, TENANT_PASSWORD, '10.27.7.10')).status).toBe(429);
    });

    it('IPv6 addresses of one /64 share one limit', async () => {
      for (let i = 1; i <= 5; i++) expect((await login('owner@tienda.test', 'Wr0ng-guess', `2001:db8:27:1::${i}`)).status).toBe(401);
      expect((await login('owner@tienda.test', TENANT_PASSWORD, '2001:db8:27:1::99')).status).toBe(429);
      expect((await login('owner@tienda.test', TENANT_PASSWORD, '2001:db8:27:2::1')).status).toBe(200);
    });

    it('each address keeps its own limit', async () => {
      for (let i = 0; i < 5; i++) expect((await login('owner@tienda.test', 'Wr0ng-guess', '10.27.4.1')).status).toBe(401);
      expect((await login('owner@tienda.test', TENANT_PASSWORD, '10.27.4.1')).status).toBe(429);
      expect((await login('owner@tienda.test', TENANT_PASSWORD, '10.27.4.2')).status).toBe(200);
    });
  });

  describe('logout and session lifetime (item 8)', () => {
    it('logout stops the access token at once and closes the user’s sockets', async () => {
      await addUser('bye@tienda.test');
      const r0 = await login('bye@tienda.test', TENANT_PASSWORD, '10.80.0.1');
      const socket = await connect(short.url, r0.body.token);
      const told = nextEvent(socket, 'auth');
      const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
      expect((await call(server.url, 'DELETE', '/api/auth/logout', undefined, { Cookie: cookieOf(r0) })).status).toBe(204);
      expect((await api.get('/api/auth/me', r0.body.token)).status).toBe(401);
      expect((await told).action).toBe('revoked');
      await closed;
    });

    it('a stale cookie of an earlier session does not end the current one', async () => {
      const old = await login('bye@tienda.test', TENANT_PASSWORD, '10.80.0.2');
      const current = await login('bye@tienda.test', TENANT_PASSWORD, '10.80.0.2');
      await call(server.url, 'DELETE', '/api/auth/logout', undefined, { Cookie: cookieOf(old) });
      expect((await api.get('/api/auth/me', current.body.token)).status).toBe(200);
    });

    it('refreshing cannot extend a session beyond its absolute lifetime (SESSION_MAX_AGE)', async () => {
      const r0 = await login('bye@tienda.test', TENANT_PASSWORD, '10.80.0.3', short.url);
      expect(r0.status).toBe(200);
      let cookie = cookieOf(r0);
      const started = Date.now();
      let last = 200;
      while (Date.now() - started < 7500) {
        await pause(1500);
        const r = await refresh(cookie);
        last = r.status;
        if (r.status !== 200) break;
        cookie = cookieOf(r);
      }
      expect(last).toBe(401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(5000);
    });
  });

  describe('secrets and logs (item 13)', () => {
    it('in production without SMTP, a reset code is refused and never written to the log', async () => {
      const prod = await startServer({ databaseUrl: db.url, env: { ...secrets, NODE_ENV: 'production' } });
      try {
        const r = await call(prod.url, 'POST', '/api/forgetpsw/admin@tienda.test', undefined, { 'X-Forwarded-For': '10.13.0.1' });
        expect(r.status).toBe(503);
        expect(r.body.error).toBe('ERR_MAIL_NOT_CONFIGURED');
        await pause(200);
        expect(prod.logs()).toMatch(/mail not configured/i);
        expect(prod.logs()).not.toMatch(/Su código es \d{6}/);
      } finally {
        await prod.stop();
      }
    });
  });

  describe('the session user payload (item 22)', () => {
    it('login, refresh and me carry companyId and the company with settings and due date', async () => {
      await addUser('payload@tienda.test');
      const r0 = await login('payload@tienda.test', TENANT_PASSWORD, '10.22.0.1');
      const shape = {
        id: expect.any(Number),
        companyId,
        company: { id: companyId, name: 'Tienda', dueDate: expect.toSatisfy((d: unknown) => d === null || typeof d === 'string'), settings: expect.any(Array) },
      };
      expect(r0.body.token).toEqual(expect.any(String));
      expect(r0.body.user).toMatchObject(shape);
      expect(r0.body.user.company.settings.length).toBeGreaterThan(0);
      const r1 = await refresh(cookieOf(r0));
      expect(r1.body.user).toMatchObject(shape);
      const me = await api.get('/api/auth/me', r1.body.token);
      expect(me.body).toMatchObject(shape);
    });

    it('sign-up writes the trial’s end (its first due date, a day ahead); the session and the company carry it (issue 27 item 17)', async () => {
      const sup = (await api.login(SUPER.email, SUPER.password)).token;
      const planId = (await api.post('/api/plans', { name: 'Prueba', value: 49, users: 2, connections: 1, queues: 2 }, sup)).body.id;
      const before = Date.now();
      const signup = await call(server.url, 'POST', '/api/companies/cadastro', { name: 'Nueva', email: 'trial@nueva.test', phone: '51911100001', password: TENANT_PASSWORD, planId }, { 'X-Forwarded-For': '10.17.0.1' });
      expect(signup.status, JSON.stringify(signup.body)).toBe(201);
      const r = await login('trial@nueva.test', TENANT_PASSWORD, '10.17.0.1');
      const { trialExpiration, dueDate, email } = r.body.user.company;
      expect(email).toBe('trial@nueva.test');
      expect(trialExpiration).toBe(dueDate);
      const ahead = new Date(trialExpiration).getTime() - before;
      expect(ahead).toBeGreaterThanOrEqual(86_400_000 - 1000);
      expect(ahead).toBeLessThan(86_400_000 + 60_000);
      expect((await api.get('/api/auth/me', r.body.token)).body.company.trialExpiration).toBe(trialExpiration);
      expect((await api.get(`/api/companies/${signup.body.id}`, sup)).body.trialExpiration).toBe(trialExpiration);
      // A company the super user creates has no trial.
      expect((await api.get('/api/auth/me', admin)).body.company.trialExpiration).toBeNull();
    });
  });
});
