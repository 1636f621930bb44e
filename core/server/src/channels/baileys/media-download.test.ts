import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { getMediaKeys, type WAMessage } from '@whiskeysockets/baileys';
import type { ChannelEvents, InboundMessage } from '@atende/sdk-server';
import { BaileysProvider, type BaileysProviderOptions } from './baileys.provider.js';
import { MemoryAuthStore } from './auth-store.js';
import { fakeSocketFactory } from './fake-socket.js';
import { isPrivateAddress } from '@atende/sdk-server';
import { mediaUrlOf } from './media-download.js';
import type { MediaDownloader } from './media.js';

/**
 * Issue 9 item 1: a customer controls every field of a media message. Atende fetches media only from
 * WhatsApp's media host, follows no redirect, refuses private addresses, bounds the download in time,
 * and downloads outside the session's ordered event chain so a hanging file never delays the next message.
 */
const ALICE = '5511911112222@s.whatsapp.net';

/** A listener that must receive nothing: it counts every request that reaches it. */
async function listener(handler: http.RequestListener = (_q, r) => r.end('x')) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { hits, port, origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** WhatsApp's media encryption: AES-256-CBC with keys derived from mediaKey, then a 10-byte HMAC. */
async function encrypt(plain: Buffer, mediaKey: Buffer) {
  const { iv, cipherKey, macKey } = await getMediaKeys(mediaKey, 'image');
  const c = createCipheriv('aes-256-cbc', cipherKey, iv);
  const enc = Buffer.concat([c.update(plain), c.final()]);
  const mac = createHmac('sha256', macKey!).update(iv).update(enc).digest().subarray(0, 10);
  return Buffer.concat([enc, mac]);
}

async function session(options: Partial<BaileysProviderOptions> = {}) {
  const fake = fakeSocketFactory();
  const messages: InboundMessage[] = [];
  const events = {
    status: () => undefined,
    message: async (m: InboundMessage) => void messages.push(m),
    ack: () => undefined,
    edit: () => undefined,
    revoke: () => undefined,
    contact: () => undefined,
    call: () => undefined,
  } satisfies ChannelEvents;
  const provider = new BaileysProvider({ authStore: new MemoryAuthStore(), socketFactory: fake.factory, mediaRetryDelayMs: 0, ...options });
  const s = await provider.start({ id: 1, companyId: 1, name: 'main' }, events);
  await new Promise<void>((r) => process.nextTick(r));
  fake.last.emitOpen('5511999990000:7@s.whatsapp.net');
  return { fake, messages, session: s };
}

const image = (id: string, fields: Record<string, unknown>): WAMessage => ({
  key: { id, remoteJid: ALICE, fromMe: false },
  message: { imageMessage: { mimetype: 'image/jpeg', caption: id, mediaKey: randomBytes(32), ...fields } },
  messageTimestamp: 1_700_000_000,
  pushName: 'Alice',
});

describe('inbound media is fetched only from WhatsApp’s media host (item 1)', () => {
  let trap: Awaited<ReturnType<typeof listener>>;
  beforeAll(async () => {
    trap = await listener();
  });
  afterAll(() => trap.close());

  it('a url or directPath pointing elsewhere is never requested; the message still arrives, without the file', async () => {
    const { fake, messages, session: s } = await session({ mediaTimeoutMs: 3_000 });
    fake.last.emitUpsert([
      image('URL-ONLY', { url: `${trap.origin}/steal` }),
      image('HTTP-WA', { url: `http://mmg.whatsapp.net.${'127.0.0.1'}.nip.io:${trap.port}/x` }),
      image('PATH-HOST', { directPath: `//127.0.0.1:${trap.port}/x`, url: `${trap.origin}/y` }),
      image('PATH-AT', { directPath: `@127.0.0.1:${trap.port}/x` }),
    ]);
    await s.whenIdle();
    expect(trap.hits).toEqual([]);
    expect(messages.map((m) => [m.providerMessageId, m.media])).toEqual([
      ['URL-ONLY', undefined],
      ['HTTP-WA', undefined],
      ['PATH-HOST', undefined],
      ['PATH-AT', undefined],
    ]);
  });

  it('builds the URL from directPath on the fixed host, whatever host `url` names', () => {
    expect(mediaUrlOf({ directPath: '/v/t62/abc?ccb=1', url: `${trap.origin}/x` })?.toString()).toBe('https://mmg.whatsapp.net/v/t62/abc?ccb=1');
    expect(mediaUrlOf({ url: 'https://media-gru1-1.cdn.whatsapp.net/v/x' })?.host).toBe('media-gru1-1.cdn.whatsapp.net');
    for (const url of ['https://whatsapp.net.evil.example/x', 'http://mmg.whatsapp.net/x', 'https://mmg.whatsapp.net:8443/x', 'file:///etc/passwd']) {
      expect(mediaUrlOf({ url })).toBeNull();
    }
  });

  it('refuses private, loopback and link-local addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', 'nonsense']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['157.240.1.1', '2a03:2880:f10c::1']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('a host that resolves to a private address is refused at connect time', async () => {
    const { fake, messages, session: s } = await session({ mediaSource: { origin: `http://localhost:${trap.port}` } });
    fake.last.emitUpsert([image('LOCALHOST', { directPath: '/v/file' })]);
    await s.whenIdle();
    expect(trap.hits).toEqual([]);
    expect(messages[0]).toMatchObject({ providerMessageId: 'LOCALHOST', media: undefined });
  });

  it('follows no redirect, and decrypts a genuine file after checking its MAC', async () => {
    const mediaKey = randomBytes(32);
    const plain = Buffer.from('\xff\xd8\xff a jpeg');
    const file = await encrypt(plain, mediaKey);
    const host = await listener((req, res) => {
      if (req.url === '/redirect') return res.writeHead(302, { Location: `${trap.origin}/after-redirect` }).end();
      if (req.url === '/tampered') return res.end(Buffer.concat([file.subarray(0, -1), Buffer.from([file.at(-1)! ^ 1])]));
      res.end(file);
    });
    try {
      const { fake, messages, session: s } = await session({ mediaSource: { origin: host.origin, allowPrivateAddresses: true } });
      fake.last.emitUpsert([
        image('REDIRECT', { directPath: '/redirect', mediaKey }),
        image('TAMPERED', { directPath: '/tampered', mediaKey }),
        image('GOOD', { directPath: '/good', mediaKey }),
      ]);
      await s.whenIdle();
      expect(trap.hits).toEqual([]);
      const byId = Object.fromEntries(messages.map((m) => [m.providerMessageId, m]));
      expect(byId.REDIRECT.media).toBeUndefined();
      expect(byId.TAMPERED.media).toBeUndefined();
      expect(byId.GOOD.media?.data.equals(plain)).toBe(true);
    } finally {
      await host.close();
    }
  });

  it('a hanging download neither delays the next message nor outlives its timeout', async () => {
    let release!: () => void;
    const hanging: MediaDownloader = () => new Promise((resolve) => (release = () => resolve(Buffer.from('late'))));
    const { fake, messages, session: s } = await session({ downloadMedia: hanging, mediaTimeoutMs: 1_500 });
    fake.last.emitUpsert([image('SLOW', {})]);
    fake.last.emitUpsert([{ key: { id: 'NEXT', remoteJid: ALICE, fromMe: false }, message: { conversation: 'hola' }, messageTimestamp: 1_700_000_001 }]);
    // The text is delivered while the file is still hanging…
    await expect.poll(() => messages.map((m) => m.providerMessageId), { timeout: 1_000 }).toEqual(['NEXT']);
    // …and the media message goes on without its file once its time is up.
    await s.whenIdle();
    expect(messages.map((m) => [m.providerMessageId, m.media])).toEqual([
      ['NEXT', undefined],
      ['SLOW', undefined],
    ]);
    release();
  });
});
