import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { ROOT } from '../../lib/workspace.mjs';
import { client, createDatabase, queryDb, startServer, type RunningServer } from '../support/server.js';
import { twoCompanies } from '../support/tenants.js';
import { eventually } from '../support/wait.js';

/**
 * Issue 10 items 1–3 (Proof): WhatsApp acknowledges a message before Atende sees it, so a message
 * Atende has kept must survive the process. A SIGKILL during a burst (media still downloading), a
 * SIGTERM during a burst, and an owner that dies while another process runs: nothing kept is lost,
 * nothing is stored twice, and the connection comes back by itself.
 */
describe('channel: crashes, deploys and takeovers', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let dataDir: string;
  let media: http.Server;
  let mediaUrl: string;
  /** While true the media host answers nothing (downloads hang); once false it answers at once. */
  let mediaHangs = true;
  const mediaRequests: string[] = [];
  const servers: RunningServer[] = [];
  let companyId: number;
  let admin: string;

  const env = () => ({
    WA_VERSION_CHECK: 'false',
    ATENDE_PLUGINS: path.join(ROOT, 'tooling/test/fixtures/fake-baileys-plugin/index.mjs'),
    FAKE_BAILEYS_MEDIA_URL: mediaUrl,
  });
  const boot = async () => {
    const s = await startServer({ databaseUrl: db.url, dataDir, env: env() });
    servers.push(s);
    return s;
  };
  const kill = async (s: RunningServer) => {
    const exited = new Promise((r) => s.process.once('exit', r));
    s.process.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    db = await createDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atende-crash-'));
    media = http.createServer((req, res) => {
      mediaRequests.push(req.url ?? '');
      if (mediaHangs) return; // never answered: the download is in flight when the process dies
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      res.end(Buffer.from(`jpeg-bytes-of-${req.url?.slice(1)}`));
    });
    await new Promise<void>((r) => media.listen(0, '127.0.0.1', r));
    mediaUrl = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
    const first = await boot();
    ({ admin, companyId } = await twoCompanies(client(first.url)));
    await first.stop({ keepData: true });
  });
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.stop({ keepData: true });
    mediaHangs = true;
  });
  afterAll(async () => {
    media.closeAllConnections();
    media.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function connectionOn(s: RunningServer, name: string, me: string) {
    const api = client(s.url);
    const wa = (await queryDb(db.url, `insert into whatsapps (company_id, name, provider) values ($1, $2, 'fake-baileys') returning id`, [companyId, name]))[0].id as number;
    expect((await api.post(`/api/whatsappsession/${wa}`, {}, admin)).status).toBe(200);
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'OPENING');
    await api.post(`/api/fixture-fake-baileys/${wa}/open`, { me }, admin);
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED');
    return wa;
  }
  const upsert = async (s: RunningServer, wa: number, messages: object[]) =>
    (await client(s.url).post(`/api/fixture-fake-baileys/${wa}/upsert`, { messages }, admin)).body as { received: boolean };
  const text = (id: string, from: string, body: string) => ({ key: { remoteJid: `${from}@s.whatsapp.net`, id, fromMe: false }, message: { conversation: body }, messageTimestamp: 1_700_000_000, pushName: 'Cliente' });
  const image = (id: string, from: string) => ({
    key: { remoteJid: `${from}@s.whatsapp.net`, id, fromMe: false },
    message: { imageMessage: { mimetype: 'image/jpeg', caption: `foto ${id}`, fileLength: 40 } },
    messageTimestamp: 1_700_000_000,
  });
  const stored = async (wa: number) =>
    (await queryDb(db.url, `select provider_message_id as id, media_url from messages where whatsapp_id = $1 and from_me = false`, [wa])) as { id: string; media_url: string | null }[];
  /** The ids of the raw messages the inbox kept (the job hashes of the connection's inbox queue). */
  async function keptIds(wa: number): Promise<string[]> {
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      const keys = (await redis.keys(`atende:${db.name}:channel-inbox-${wa}:k-*`)).filter((k) => !k.slice(k.lastIndexOf(':k-') + 1).includes(':'));
      const ids: string[] = [];
      for (const k of keys) {
        const data = await redis.hget(k, 'data');
        if (data) ids.push((JSON.parse(JSON.parse(data).data) as { message: { key: { id: string } } }).message.key.id);
      }
      return ids.sort();
    } finally {
      redis.disconnect();
    }
  }

  it('SIGKILL during a burst with media still downloading: after a restart every kept message is stored exactly once, with its media', async () => {
    const a = await boot();
    const wa = await connectionOn(a, 'Burst', '51988800001:1@s.whatsapp.net');
    const images = ['IMG-1', 'IMG-2', 'IMG-3', 'IMG-4'];
    const texts: string[] = [];
    for (let batch = 0; batch < 6; batch++) {
      const ids = [0, 1, 2, 3, 4].map((i) => `TXT-${batch}-${i}`);
      texts.push(...ids);
      await upsert(a, wa, ids.map((id, i) => text(id, `5197700${batch}${i}00`, `mensaje ${id}`)));
    }
    await upsert(a, wa, images.map((id, i) => image(id, `5197711${i}000`)));
    // The texts are stored and the four downloads hang at the media host: the images are in flight.
    await eventually(async () => (await stored(wa)).length === texts.length && images.every((id) => mediaRequests.includes(`/${id}`)));
    await kill(a);

    mediaHangs = false;
    const b = await boot();
    // The session comes back by itself (the dead owner's lease is taken over) and the kept images,
    // whose jobs the killed process held, are handed again once their lock lapses.
    const rows = await eventually(async () => {
      const r = await stored(wa);
      return r.length === texts.length + images.length && r.every((m) => !images.includes(m.id) || m.media_url) ? r : null;
    }, 45_000);
    expect(rows.map((r) => r.id).sort()).toEqual([...texts, ...images].sort());
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(await keptIds(wa)).toEqual([...texts, ...images].sort());
    expect((await client(b.url).get(`/api/whatsapp/${wa}`, admin)).body.status).not.toBe('DISCONNECTED');
  }, 120_000);

  it('SIGKILL at a random point of a continuous burst: what reached the inbox is stored, once', async () => {
    const a = await boot();
    const wa = await connectionOn(a, 'Random', '51988800002:1@s.whatsapp.net');
    let n = 0;
    let stop = false;
    const sender = (async () => {
      while (!stop) {
        const ids = [0, 1, 2].map(() => `R-${++n}`);
        await upsert(a, wa, ids.map((id) => text(id, `519770${n % 7}0000`, id))).catch(() => (stop = true));
      }
    })();
    await eventually(async () => (await stored(wa)).length >= 20);
    await kill(a);
    stop = true;
    await sender;
    await boot();
    const kept = await keptIds(wa);
    expect(kept.length).toBeGreaterThanOrEqual(20);
    let rows: { id: string }[] = [];
    await eventually(async () => {
      rows = await stored(wa);
      return rows.length >= kept.length;
    }, 45_000).catch(() => undefined);
    expect(rows.map((r) => r.id).sort()).toEqual(kept);
  }, 120_000);

  it('SIGTERM during a burst: the socket stops taking messages first, what it took is kept, and the next process stores it', async () => {
    const a = await boot();
    const wa = await connectionOn(a, 'Deploy', '51988800003:1@s.whatsapp.net');
    const received: string[] = [];
    let n = 0;
    let stop = false;
    const sender = (async () => {
      while (!stop) {
        const ids = [0, 1, 2].map(() => `T-${++n}`);
        const r = await upsert(a, wa, ids.map((id) => text(id, `519771${n % 5}0000`, id))).catch(() => null);
        if (!r) break;
        if (r.received) received.push(...ids);
      }
    })();
    await eventually(async () => (await stored(wa)).length >= 10);
    await a.stop({ keepData: true, graceMs: 30_000 });
    stop = true;
    await sender;
    // It ended by itself (drained), not by the SIGKILL that follows a grace period.
    expect(a.process.signalCode).not.toBe('SIGKILL');
    expect(a.logs()).not.toMatch(/they are lost/);
    await boot();
    const rows = await eventually(async () => {
      const r = await stored(wa);
      return received.every((id) => r.some((m) => m.id === id)) ? r : null;
    }, 45_000);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  }, 120_000);

  it('two processes: the owner dies, the other takes the session over within the lease TTL, keeps receiving, and sends what was queued in the gap', async () => {
    const a = await boot();
    const b = await boot();
    const wa = await connectionOn(a, 'Relevo', '51988800004:1@s.whatsapp.net');
    const apiB = client(b.url);
    await upsert(a, wa, [text('BEFORE', '51977799900', 'hola')]);
    const ticketId = await eventually(async () => (await queryDb(db.url, `select ticket_id from messages where provider_message_id = 'BEFORE'`))[0]?.ticket_id);
    expect((await apiB.put(`/api/tickets/${ticketId}`, { status: 'open' }, admin)).status).toBe(200);
    const diedAt = Date.now();
    await kill(a);
    // Written while nobody runs the session: queued, not failed.
    const queued = await apiB.post(`/api/messages/${ticketId}`, { body: 'respuesta en el hueco' }, admin);
    expect(queued.status).toBeLessThan(300);
    // B takes the session over by itself, well within the 30 s lease of the dead owner.
    await eventually(async () => (await apiB.get(`/api/whatsapp/${wa}`, admin)).body.status === 'OPENING', 30_000);
    expect(Date.now() - diedAt).toBeLessThan(30_000);
    await apiB.post(`/api/fixture-fake-baileys/${wa}/open`, { me: '51988800004:1@s.whatsapp.net' }, admin);
    await eventually(async () => ((await apiB.get(`/api/fixture-fake-baileys/${wa}/sent`, admin)).body as { text: string }[]).some((s) => s.text === 'respuesta en el hueco'));
    const [msg] = await queryDb(db.url, `select ack, send_error from messages where id = $1`, [queued.body.id]);
    expect(msg.send_error).toBeNull();
    expect(msg.ack).toBeGreaterThanOrEqual(1);
    await upsert(b, wa, [text('AFTER', '51977799900', 'sigo aquí')]);
    await eventually(async () => (await stored(wa)).some((m) => m.id === 'AFTER'));
  }, 120_000);
});
