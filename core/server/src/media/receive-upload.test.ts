import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import type { Redis } from 'ioredis';
import { AppError } from '@atende/sdk-server';
import { receiveUpload } from './receive-upload.js';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(100, 1)]);

/** The Media port's `receive` behind a real HTTP server (express + multer), with a counter standing in for Redis. */
describe('receiveUpload (Media port)', () => {
  let server: Server;
  let url: string;
  let inFlight = 0;
  let slotsFree = true;
  const kept: string[] = [];
  const redis = {
    eval: async () => (slotsFree ? (inFlight++, 1) : 0),
    decr: async () => inFlight--,
  } as unknown as Redis;

  beforeAll(async () => {
    const app = express();
    app.use((req, _res, next) => {
      (req as unknown as { user: { id: number } }).user = { id: 1 };
      next();
    });
    app.post('/upload', async (req, res) => {
      try {
        const file = await receiveUpload({ redis, prefix: 'test:', max: 3 }, req, res, { field: 'file', accept: ['image/png', 'image/jpeg'], maxBytes: 1000 });
        kept.push(file.path);
        res.json({ ...file, exists: existsSync(file.path) });
      } catch (err) {
        const e = err as AppError;
        res.status(e.status ?? 500).json({ error: e.code, details: e.details });
      }
    });
    server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const send = async (data: Buffer | null, name = 'a.png', type = 'image/png', field = 'file') => {
    const form = new FormData();
    if (data) form.append(field, new Blob([new Uint8Array(data)], { type }), name);
    const res = await fetch(url, { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('takes an accepted file, checked, and removes it once the response is done', async () => {
    const r = await send(PNG, 'logo.png');
    expect(r).toMatchObject({ status: 200, body: { name: 'logo.png', mimetype: 'image/png', kind: 'image', size: PNG.length, exists: true } });
    await new Promise((res) => setTimeout(res, 50));
    expect(existsSync(kept.at(-1)!)).toBe(false);
    expect(inFlight).toBe(0);
  });

  it("answers the form's text fields with the file, wherever they sit; a repeated one as a list", async () => {
    const form = new FormData();
    form.append('id', '7');
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    form.append('name', 'Catálogo');
    form.append('tag', 'a');
    form.append('tag', 'b');
    form.append('nested[x]', 'dropped');
    const res = await fetch(url, { method: 'POST', body: form });
    const body = (await res.json()) as { fields: Record<string, unknown> };
    expect(res.status).toBe(200);
    expect(body.fields).toEqual({ id: '7', name: 'Catálogo', tag: ['a', 'b'] });
  });

  it('refuses a type the route does not accept, a wrong extension and bytes that do not match (415)', async () => {
    expect((await send(GIF, 'a.gif', 'image/gif')).body.error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
    expect((await send(PNG, 'a.txt', 'image/png')).status).toBe(415);
    expect((await send(Buffer.from('just text, no image'), 'a.png', 'image/png')).status).toBe(415);
    expect(inFlight).toBe(0);
  });

  it('refuses a file past the limit while it streams (413), and no file or JSON with 400', async () => {
    expect((await send(Buffer.concat([PNG, Buffer.alloc(2000)]))).body.error).toBe('ERR_MEDIA_TOO_LARGE');
    expect((await send(null)).status).toBe(400);
    expect((await send(PNG, 'a.png', 'image/png', 'other')).status).toBe(400);
    const json = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(400);
    expect(inFlight).toBe(0);
  });

  it('refuses a declared Content-Length beyond the limit before reading (413), and a user past 3 uploads in flight (429)', async () => {
    const big = await fetch(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: Buffer.alloc(3 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect(inFlight).toBe(0);
    slotsFree = false;
    expect((await send(PNG)).status).toBe(429);
    slotsFree = true;
  });
});
