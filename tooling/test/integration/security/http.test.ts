import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../../support/server.js';

/**
 * Issue 9, HTTP hardening (item 11): the shell's strict Content-Security-Policy, HSTS over https only,
 * Permissions-Policy, the same headers on body-parser errors, and a refresh cookie that is `Secure`
 * unless the request is plain http to localhost.
 */
describe('security: HTTP headers and cookies (item 11)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  const directives = (csp: string | null) =>
    Object.fromEntries((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  const expectHardened = (h: Headers) => {
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('permissions-policy')).toContain('camera=()');
    expect(h.get('permissions-policy')).toContain('geolocation=()');
    expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'");
  };

  it('serves the shell with a strict CSP: scripts from self only, no inline or eval, only the YouTube player the helps manifest declares framed', async () => {
    const res = await fetch(`${server.url}/tickets`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expectHardened(res.headers);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(['https://www.youtube-nocookie.com']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://i.ytimg.com']);
    // The shell's HTML has no inline script the policy would have to allow.
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('API answers carry a deny-all CSP', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expectHardened(res.headers);
    expect(directives(res.headers.get('content-security-policy'))['default-src']).toEqual(["'none'"]);
  });

  it('gzips a JSON answer of 1-64 kB for a client that accepts gzip, in one piece, and sends it as is otherwise', async () => {
    const sup = (await client(server.url).login(SUPER.email, SUPER.password)).token;
    for (let i = 0; i < 12; i++) {
      const created = await fetch(`${server.url}/api/plans`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${sup}` },
        body: JSON.stringify({ name: `Plan de prueba con un nombre largo ${i}`, value: 10 + i, users: 5, connections: 1, queues: 3 }),
      });
      expect(created.status).toBe(201);
    }
    /** Raw HTTP: fetch would decode the body and hide the encoding. */
    const get = (path: string, acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.url}${path}`, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const plain = await get('/api/plans/list');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const gzipped = await get('/api/plans/list', 'gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(gzipped.headers['content-type']).toContain('application/json');
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
    expect(JSON.parse(gunzipSync(gzipped.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect((await get('/api/plans/list', 'identity')).headers['content-encoding']).toBeUndefined();
    // A small answer is not worth it.
    expect((await get('/api/health', 'gzip')).headers['content-encoding']).toBeUndefined();
  });

  it('sends HSTS only when the request came over https (through a trusted proxy)', async () => {
    expect((await fetch(`${server.url}/api/health`)).headers.get('strict-transport-security')).toBeNull();
    const viaProxy = await fetch(`${server.url}/api/health`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(viaProxy.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
  });

  it('a malformed or oversized JSON body is refused with the same headers and the API error format', async () => {
    const bad = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{bad' });
    expect(bad.status).toBe(400);
    expectHardened(bad.headers);
    expect((await bad.json()).error).toBe('ERR_VALIDATION');

    const big = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expectHardened(big.headers);
    expect((await big.json()).error).toBeTruthy();
  });

  describe('the refresh cookie', () => {
    const login = (headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(SUPER),
      });
    const cookie = async (headers: Record<string, string> = {}) => {
      const res = await login(headers);
      expect(res.status).toBe(200);
      return res.headers.get('set-cookie') ?? '';
    };

    it('is not Secure over plain http to localhost (development)', async () => {
      const c = await cookie();
      expect(c).toMatch(/^jrt=/);
      expect(c).toMatch(/HttpOnly/i);
      expect(c).toMatch(/SameSite=Strict/i);
      expect(c).not.toMatch(/;\s*Secure/i);
    });

    // fetch cannot set Host; a raw request can, as a browser reaching the server by name would.
    const cookieForHost = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const body = JSON.stringify(SUPER);
        const req = http.request(
          `${server.url}/api/auth/login`,
          { method: 'POST', headers: { Host: host, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on('end', () => (res.statusCode === 200 ? resolve(String(res.headers['set-cookie'] ?? '')) : reject(new Error(`status ${res.statusCode}`))));
          },
        );
        req.on('error', reject);
        req.end(body);
      });

    it('is Secure for any other host, and over https through a trusted proxy', async () => {
      expect(await cookieForHost('atende.example.com')).toMatch(/;\s*Secure/i);
      expect(await cookieForHost(`localhost:${server.port}`)).not.toMatch(/;\s*Secure/i);
      expect(await cookie({ 'X-Forwarded-Proto': 'https' })).toMatch(/;\s*Secure/i);
    });
  });
});
