import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { Redis } from 'ioredis';
import { client, createDatabase, startServer, type RunningServer } from '../../support/server.js';
import { twoCompanies } from '../../support/tenants.js';
import { eventually } from '../../support/wait.js';

/**
 * Issue 9 item 14: uploads stream to disk with their limits checked early, a user has at most a few
 * uploads in flight, and media files are streamed back (with Range), never read whole into memory.
 */
describe('security: uploads and media downloads (item 14)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let quickId: number;
  const BOUNDARY = 'atendeBoundary';

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ admin } = await twoCompanies(api));
    quickId = (await api.post('/api/quick-messages', { shortcode: 'adjunto', message: 'ver adjunto' }, admin)).body.id;
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  /** A multipart upload whose body is written by the test, at its own pace. */
  function openUpload(declaredLength: number) {
    const url = new URL(`${server.url}/api/quick-messages/${quickId}/media-upload`);
    let settle!: (r: { status: number; body: string }) => void;
    const done = new Promise<{ status: number; body: string }>((resolve) => (settle = resolve));
    const req = http.request(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': declaredLength },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => settle({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', () => settle({ status: -1, body: '' }));
    req.on('close', () => settle({ status: -1, body: '' }));
    return { req, done };
  }
  const head = (name: string, type: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;

  it('a body declared larger than the route takes is refused before it is read', async () => {
    const { req, done } = openUpload(500 * 1024 * 1024);
    req.write(head('big.pdf', 'application/pdf'));
    // Nothing more is sent: the answer must come from the declared length alone.
    const r = await done;
    req.destroy();
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error).toBe('ERR_MEDIA_TOO_LARGE');
  });

  it('a user has at most 3 uploads in flight; the 4th gets 429 until one ends', async () => {
    const slow = [0, 1, 2].map(() => openUpload(2 * 1024 * 1024));
    for (const s of slow) s.req.write(head('lento.pdf', 'application/pdf') + '%PDF-1.4\n');
    // Wait until the server has counted the three in (they stay open: their bodies are not finished);
    // probing earlier would race them for the slots.
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const userId = (await api.get('/api/auth/me', admin)).body.id;
    const slotKey = `atende:${db.name}:uploads:user:${userId}`;
    try {
      await eventually(async () => (await redis.get(slotKey)) === '3');
    } finally {
      redis.disconnect();
    }
    // A whole small upload (its declared length is its real one) is refused at once.
    const body = head('x.pdf', 'application/pdf') + '%PDF-1.4\n' + `\r\n--${BOUNDARY}--\r\n`;
    const probe = openUpload(Buffer.byteLength(body));
    probe.req.end(body);
    const r = await probe.done;
    expect(r.status).toBe(429);
    expect(JSON.parse(r.body).error).toBe('ERR_TOO_MANY_ATTEMPTS');
    for (const s of slow) s.req.destroy();
    await Promise.all(slow.map((s) => s.done));
    // Slots are given back when requests end, aborted ones included.
    await eventually(async () => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'ok.pdf');
      const r = await fetch(`${server.url}/api/quick-messages/${quickId}/media-upload`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
      return r.status === 201 || r.status === 200;
    });
  });

  it('media is streamed back with Range support', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200_000, 0x41), Buffer.from('\n%%EOF\n')]);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'grande.pdf');
    const up = await fetch(`${server.url}/api/quick-messages/${quickId}/media-upload`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
    const q = await up.json();
    const url = `${server.url}${q.mediaPath}`;
    const whole = await fetch(url, { headers: { Authorization: `Bearer ${admin}`, 'Accept-Encoding': 'identity' } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(url, { headers: { Authorization: `Bearer ${admin}`, Range: 'bytes=0-8', 'Accept-Encoding': 'identity' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-8/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString()).toBe('%PDF-1.4\n');
    expect((await fetch(`${server.url}/api/media/00000000-0000-0000-0000-000000000000.pdf`, { headers: { Authorization: `Bearer ${admin}` } })).status).toBe(404);
  });
});
