import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressedStatic } from './compressed-static.js';

const dir = mkdtempSync(path.join(tmpdir(), 'atende-static-'));
const big = `export const a = ${JSON.stringify('x'.repeat(5000))};\n`;
let base = '';
let server: ReturnType<express.Express['listen']>;

beforeAll(async () => {
  writeFileSync(path.join(dir, 'app.js'), big);
  writeFileSync(path.join(dir, 'small.js'), 'export {};\n');
  writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(4000, 1));
  writeFileSync(path.join(dir, '.secret.js'), big);
  const app = express();
  const headers = (res: express.Response) => res.setHeader('Cache-Control', 'no-cache');
  app.use(compressedStatic(dir, headers), express.static(dir, { setHeaders: headers }));
  server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

// Node's fetch would decompress by itself: the raw answer is read with `accept-encoding` set by hand.
const get = (p: string, headers: Record<string, string> = {}) => fetch(`${base}${p}`, { headers: { 'accept-encoding': 'gzip', ...headers } });
const raw = async (res: Response) => Buffer.from(await res.arrayBuffer());
const statusOf = async (p: string, headers: Record<string, string>) => {
  const http = await import('node:http');
  return new Promise<number>((resolve, reject) => http.get(`${base}${p}`, { headers }, (res) => (res.resume(), resolve(res.statusCode!))).on('error', reject));
};

describe('compressed static files', () => {
  it('answers a compressible file gzipped (or brotli) with its type, ETag and cache headers, and 304 on revalidation', async () => {
    const res = await fetch(`${base}/app.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    // fetch undid the gzip: the body is the file.
    expect(await res.text()).toBe(big);
    // (node:http: fetch adds Cache-Control: no-cache to a conditional request, which always revalidates.)
    expect(await statusOf('/app.js', { 'accept-encoding': 'gzip', 'if-none-match': etag })).toBe(304);
    const br = await get('/app.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers.get('content-encoding')).toBe('br');
  });

  it('serves the new version when the file changes', async () => {
    const file = path.join(dir, 'app.js');
    const next = `${big}export const b = 2;\n`;
    writeFileSync(file, next);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(await (await get('/app.js')).text()).toBe(next);
    writeFileSync(file, big);
  });

  it('leaves small files, images, hidden files, ranges and clients without gzip to express.static', async () => {
    const small = await fetch(`${base}/small.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await fetch(`${base}/photo.png`, { headers: { 'accept-encoding': 'gzip' } })).headers.get('content-encoding')).toBeNull();
    expect((await get('/.secret.js')).status).toBe(404);
    expect((await get('/%2e%2e/etc/passwd')).status).toBe(404);
    const range = await get('/app.js', { range: 'bytes=0-9' });
    expect([range.status, range.headers.get('content-encoding')]).toEqual([206, null]);
    const plain = await get('/app.js', { 'accept-encoding': 'identity' });
    expect([plain.headers.get('content-encoding'), (await raw(plain)).toString()]).toEqual([null, big]);
  });

  it('the bytes sent are the gzip or brotli of the file', async () => {
    const http = await import('node:http');
    const bodyOf = (encoding: string) =>
      new Promise<Buffer>((resolve, reject) =>
        http.get(`${base}/app.js`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c)).on('end', () => resolve(Buffer.concat(parts))).on('error', reject);
        }),
      );
    expect(gunzipSync(await bodyOf('gzip')).toString()).toBe(big);
    expect(brotliDecompressSync(await bodyOf('br')).toString()).toBe(big);
  });
});
