import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundRefusedError, createOutboundHttp, isPrivateAddress, parseAllowHosts } from './outbound-http.js';

/** The guard against a local server: allowed only when the policy names it, and then every other rule still holds. */
describe('outbound http guard', () => {
  let server: http.Server;
  let origin: string;
  let hostPort: string;
  const seen: { method: string; type: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method!, type: String(req.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString() });
        if (req.url === '/redirect') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        if (req.url === '/slow') return setTimeout(() => res.end('late'), 2_000);
        if (req.url === '/big') return res.end(Buffer.alloc(64 * 1024, 97));
        if (req.url === '/gzip-bomb') return res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(1024 * 1024)));
        if (req.url === '/gzip') return res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' }).end(zlib.gzipSync('{"ok":true}'));
        if (req.url === '/empty') return res.writeHead(204).end();
        res.writeHead(201, { 'content-type': 'text/plain', 'x-echo': 'yes' }).end(`echo:${req.method}`);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    origin = `http://${hostPort}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const allowing = (...hosts: string[]) => createOutboundHttp(() => ({ allowHosts: hosts }));
  const reason = (p: Promise<unknown>) =>
    p.then(
      () => 'passed',
      (e: unknown) => (e instanceof OutboundRefusedError ? e.reason : `other: ${String(e)}`),
    );

  it('refuses plain http, loopback, link-local and metadata addresses unless the operator allows the host', async () => {
    const strict = allowing();
    expect(await reason(strict.fetch(`${origin}/`))).toBe('scheme');
    expect(await reason(strict.fetch(`https://${hostPort}/`))).toBe('private_address');
    expect(await reason(strict.fetch('https://169.254.169.254/latest/meta-data'))).toBe('private_address');
    expect(await reason(strict.fetch('https://[::1]/'))).toBe('private_address');
    expect(await reason(strict.fetch('https://[::ffff:10.0.0.1]/'))).toBe('private_address');
    expect(await reason(strict.fetch('ftp://example.com/'))).toBe('scheme');
    expect(await reason(strict.fetch('https://user:pw@example.com/'))).toBe('invalid_url');
    // A name that resolves to loopback is judged by its answer, not its name.
    expect(await reason(strict.fetch('https://localhost/'))).toBe('private_address');
    expect(await reason(strict.check('https://localhost/x'))).toBe('private_address');
    expect(await reason(strict.check('not a url'))).toBe('invalid_url');
    // Allowing one port of a host does not allow another.
    expect(await reason(allowing('127.0.0.1:1').fetch(`${origin}/`))).toBe('scheme');
  });

  it("the super user's list (httpHosts) lifts only the https rule: a private address stays refused", async () => {
    const superOnly = (...hosts: string[]) => createOutboundHttp(async () => ({ allowHosts: [], httpHosts: hosts }));
    // A public IP literal over http: refused until the super user names it (no connection is made by check).
    expect(await reason(superOnly().check('http://93.184.216.34/hook'))).toBe('scheme');
    expect((await superOnly('93.184.216.34').check('http://93.184.216.34/hook')).host).toBe('93.184.216.34');
    // Loopback, by literal or by name, and the metadata address: still refused, over http or https.
    expect(await reason(superOnly(hostPort).fetch(`${origin}/`))).toBe('private_address');
    expect(await reason(superOnly('localhost').check('http://localhost/x'))).toBe('private_address');
    expect(await reason(superOnly('localhost').fetch('http://localhost:9/x'))).toBe('private_address');
    expect(await reason(superOnly('169.254.169.254').fetch('http://169.254.169.254/latest/meta-data'))).toBe('private_address');
    // With the operator's list too, the host is reached over http (the operator's exception wins).
    const both = createOutboundHttp(() => ({ allowHosts: [hostPort], httpHosts: [hostPort] }));
    expect((await both.fetch(`${origin}/`)).status).toBe(201);
  });

  it('reaches an allowed host with the method, headers and body given, and hands the answer back', async () => {
    const guard = allowing(hostPort);
    const res = await guard.fetch(`${origin}/echo`, { method: 'POST', body: JSON.stringify({ a: 1 }), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(await res.text()).toBe('echo:POST');
    expect(seen.at(-1)).toEqual({ method: 'POST', type: 'application/json', body: '{"a":1}' });
    const form = new FormData();
    form.append('file', new Blob(['voice']), 'a.ogg');
    await guard.fetch(`${origin}/upload`, { method: 'POST', body: form });
    expect(seen.at(-1)!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.at(-1)!.body).toContain('voice');
    expect((await guard.fetch(`${origin}/empty`)).status).toBe(204);
    expect(await (await guard.fetch(`${origin}/gzip`)).json()).toEqual({ ok: true });
    expect((await guard.check(`${origin}/x`)).pathname).toBe('/x');
  });

  it('never follows a redirect, stops at the time limit and at the size limit (after decompression)', async () => {
    const guard = allowing(hostPort);
    expect(await reason(guard.fetch(`${origin}/redirect`))).toBe('redirect');
    expect(await reason(guard.fetch(`${origin}/slow`, { timeoutMs: 200 }))).toBe('timeout');
    expect(await reason(guard.fetch(`${origin}/big`, { maxBytes: 1024 }))).toBe('too_large');
    expect(await reason(guard.fetch(`${origin}/gzip-bomb`, { maxBytes: 64 * 1024 }))).toBe('too_large');
    expect((await (await guard.fetch(`${origin}/big`, { maxBytes: 64 * 1024 })).arrayBuffer()).byteLength).toBe(64 * 1024);
  });

  it('classifies addresses and reads the allow-list', () => {
    for (const a of ['10.1.2.3', '127.0.0.1', '169.254.169.254', '172.16.0.1', '192.168.1.1', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::7f00:1', '2002:7f00:1::1', '64:ff9b:1::a00:1', '192.0.2.1', '203.0.113.5', 'nonsense']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '157.240.1.1', '2a03:2880:f10c::1']) expect(isPrivateAddress(a), a).toBe(false);
    expect(parseAllowHosts(' A.example , 127.0.0.1:8080,,')).toEqual(['a.example', '127.0.0.1:8080']);
    expect(parseAllowHosts(undefined)).toEqual([]);
  });
});
