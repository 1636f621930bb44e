import { afterEach, describe, expect, it, vi } from 'vitest';
import { DisconnectReason, proto, WAMessageStatus, WAMessageStubType, type WAMessage, type WAMessageKey } from '@whiskeysockets/baileys';
import { isChannelRecipientError, type ChannelEvents, type ChannelStartOptions, type InboundMessage, type MessageAuthor, type SessionStatus } from '@atende/sdk-server';
import { BaileysProvider, type BaileysProviderOptions } from './baileys.provider.js';
import { encryptedStore, MemoryAuthStore } from './auth-store.js';
import { fakeSocketFactory } from './fake-socket.js';
import type { MediaDownloader } from './media.js';

const ME = '5511999990000:7@s.whatsapp.net';
const ME_NUMBER = '5511999990000';
const ALICE = '5511911112222@s.whatsapp.net';
const ALICE_LID = '123456789012345@lid';
const GROUP = '120363025555555555@g.us';
const connection = { id: 7, companyId: 3, name: 'main' };

/** What a completed link (pair-success) puts in the creds. */
const linked = { me: { id: ME, name: 'Me' }, account: { details: Buffer.from('adv-details'), accountSignature: Buffer.from('sig') } };

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));

function recorder() {
  const statuses: { status: SessionStatus; detail?: Record<string, unknown> }[] = [];
  const messages: InboundMessage[] = [];
  const acks: [string, number][] = [];
  const edits: [string, string][] = [];
  const revokes: string[] = [];
  /** Who sent each edit and revoke, in the order reported. */
  const authors: MessageAuthor[] = [];
  const contacts: { number: string; name?: string; profilePicUrl?: string }[] = [];
  const calls: [string, string][] = [];
  const events: ChannelEvents = {
    status: (status, detail) => statuses.push({ status, detail }),
    message: async (m) => {
      messages.push(m);
    },
    ack: (id, ack) => acks.push([id, ack]),
    edit: (id, body, author) => {
      edits.push([id, body]);
      authors.push(author);
    },
    revoke: (id, author) => {
      revokes.push(id);
      authors.push(author);
    },
    contact: (c) => contacts.push(c),
    call: (from, id) => calls.push([from, id]),
  };
  return { events, statuses, messages, acks, edits, revokes, authors, contacts, calls, last: () => statuses.at(-1) };
}

async function setup(options: Partial<BaileysProviderOptions> = {}, start: ChannelStartOptions = {}) {
  const fake = fakeSocketFactory();
  const store = new MemoryAuthStore();
  const rec = recorder();
  const provider = new BaileysProvider({ authStore: store, socketFactory: fake.factory, backoff: { baseMs: 10, maxMs: 40 }, mediaRetryDelayMs: 0, ...options });
  const session = await provider.start(connection, rec.events, start);
  await nextTick();
  return { fake, store, rec, provider, session };
}

/** setup() plus an open connection as ME. */
async function connected(options: Partial<BaileysProviderOptions> = {}) {
  const ctx = await setup(options);
  ctx.fake.last.emitOpen(ME);
  return ctx;
}

function message(key: Partial<WAMessageKey> & { remoteJid: string }, content: proto.IMessage, extra: Partial<WAMessage> = {}): WAMessage {
  return { key: { id: 'MSG1', fromMe: false, ...key }, message: content, messageTimestamp: 1_700_000_000, pushName: 'Alice', ...extra };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('connection status', () => {
  it('reports OPENING while connecting, each QR with its retry count, and CONNECTED with the own number', async () => {
    const { fake, rec } = await setup();
    expect(rec.statuses).toEqual([{ status: 'OPENING', detail: undefined }]);
    fake.last.emitQr('2@qr-one');
    fake.last.emitQr('2@qr-two');
    expect(rec.statuses.slice(1)).toEqual([
      { status: 'qrcode', detail: { qrcode: '2@qr-one', retries: 0 } },
      { status: 'qrcode', detail: { qrcode: '2@qr-two', retries: 1 } },
    ]);
    fake.last.emitOpen(ME);
    expect(rec.last()).toEqual({ status: 'CONNECTED', detail: { number: ME_NUMBER } });
  });

  it('asks for a pairing code once per socket and reports PAIRING instead of the QR', async () => {
    const { fake, rec } = await setup({}, { pairingPhone: '+55 (11) 98888-7777' });
    fake.last.emitQr('2@qr-one');
    fake.last.emitQr('2@qr-two');
    await vi.waitFor(() => expect(rec.last()?.status).toBe('PAIRING'));
    expect(fake.last.pairingRequests).toEqual(['5511988887777']);
    expect(rec.statuses.filter((s) => s.status === 'qrcode')).toEqual([]);
    expect(rec.last()?.detail).toEqual({ pairingCode: 'ABCD1234' });
  });

  it('an unfinished pairing never leaves a provisional `me` for the next socket', async () => {
    vi.useFakeTimers();
    const { fake, session } = await setup({}, { pairingPhone: '5511988887777' });
    fake.last.emitQr('2@qr');
    await session.whenIdle();
    expect(fake.last.config.auth.creds.me?.id).toBe('5511988887777@s.whatsapp.net');
    fake.last.emitClose(DisconnectReason.connectionClosed);
    await vi.advanceTimersByTimeAsync(10);
    expect(fake.created).toBe(2);
    expect(fake.last.config.auth.creds.me).toBeUndefined();
  });

  it('falls back to the QR when the pairing code request fails', async () => {
    const fake = fakeSocketFactory((s) => (s.pairingError = new Error('boom')));
    const rec = recorder();
    const session = await new BaileysProvider({ authStore: new MemoryAuthStore(), socketFactory: fake.factory }).start(connection, rec.events, { pairingPhone: '5511988887777' });
    fake.last.emitQr('2@qr');
    await session.whenIdle();
    expect(rec.last()).toEqual({ status: 'qrcode', detail: { qrcode: '2@qr', retries: 0 } });
  });
});

describe('disconnect reasons', () => {
  it('loggedOut clears the auth store, reports DISCONNECTED and never reconnects', async () => {
    vi.useFakeTimers();
    const { fake, store, rec, session } = await connected();
    fake.last.emitCreds(linked);
    await session.whenIdle();
    expect(store.values.has('creds')).toBe(true);
    fake.last.emitClose(DisconnectReason.loggedOut);
    await session.whenIdle();
    expect(store.values.size).toBe(0);
    expect(rec.last()?.status).toBe('DISCONNECTED');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.created).toBe(1);
  });

  it('restartRequired reconnects at once with a new socket and ends the old one', async () => {
    const { fake } = await setup();
    const first = fake.last;
    first.emitClose(DisconnectReason.restartRequired);
    expect(fake.created).toBe(2);
    expect(first.ended).toBe(true);
    expect(fake.live).toEqual([fake.last]);
    expect(fake.last.config.auth.creds).toBe(first.config.auth.creds);
  });

  it('connectionReplaced reports DISCONNECTED and does not reconnect', async () => {
    vi.useFakeTimers();
    const { fake, rec } = await connected();
    fake.last.emitClose(DisconnectReason.connectionReplaced);
    expect(rec.last()?.status).toBe('DISCONNECTED');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.created).toBe(1);
  });

  it('forbidden is terminal too', async () => {
    vi.useFakeTimers();
    const { fake, rec } = await connected();
    fake.last.emitClose(DisconnectReason.forbidden);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.created).toBe(1);
    expect(rec.last()?.status).toBe('DISCONNECTED');
  });

  it('lost connections reconnect with growing, capped, jittered backoff that resets after an open', async () => {
    vi.useFakeTimers();
    // The lowest jitter: 75 % of each step (issue 10: many sessions must not all reconnect at once).
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    const { fake, rec } = await connected();
    const gaps: number[] = [];
    const closeAndMeasure = async (code: number) => {
      const before = fake.created;
      fake.last.emitClose(code);
      let waited = 0;
      while (fake.created === before) {
        await vi.advanceTimersByTimeAsync(1);
        waited += 1;
        if (waited > 1_000) throw new Error('never reconnected');
      }
      expect(fake.live).toHaveLength(1);
      gaps.push(waited);
    };
    await closeAndMeasure(DisconnectReason.connectionLost);
    expect(rec.statuses.map((s) => s.status)).toContain('TIMEOUT');
    await closeAndMeasure(DisconnectReason.connectionClosed);
    await closeAndMeasure(DisconnectReason.unavailableService);
    await closeAndMeasure(DisconnectReason.timedOut);
    await closeAndMeasure(DisconnectReason.badSession);
    expect(gaps).toEqual([8, 15, 30, 30, 30]);
    fake.last.emitOpen(ME);
    await closeAndMeasure(DisconnectReason.connectionLost);
    expect(gaps.at(-1)).toBe(8);
    random.mockReturnValue(0.999);
    await closeAndMeasure(DisconnectReason.connectionLost);
    expect(gaps.at(-1)).toBe(20);
    random.mockRestore();
  });

  it('a QR nobody scanned ends in DISCONNECTED instead of looping', async () => {
    vi.useFakeTimers();
    const { fake, rec, store } = await setup();
    fake.last.emitQr('2@qr');
    fake.last.emitCreds({ nextPreKeyId: 31 });
    fake.last.emitClose(DisconnectReason.timedOut, 'QR refs attempts ended');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.created).toBe(1);
    expect(rec.last()?.status).toBe('DISCONNECTED');
    expect(store.values.size).toBe(0); // never linked: nothing worth keeping
  });

  it('a network blip while the QR is shown reconnects and keeps the credentials (issue 10 item 8)', async () => {
    vi.useFakeTimers();
    const { fake, rec, store, session } = await setup();
    fake.last.emitQr('2@qr');
    fake.last.emitCreds({ nextPreKeyId: 31 });
    await session.whenIdle();
    fake.last.emitClose(DisconnectReason.connectionLost, 'Connection was lost');
    await vi.advanceTimersByTimeAsync(100);
    expect(fake.created).toBe(2);
    expect(rec.statuses.map((s) => s.status)).not.toContain('DISCONNECTED');
    expect(store.values.has('creds')).toBe(true);
    // The same socket config (and so the same retry-counter cache) follows the session across sockets.
    expect(fake.sockets[1].config.msgRetryCounterCache).toBe(fake.sockets[0].config.msgRetryCounterCache);
  });

  it('unlink without a running session opens a short-lived socket, logs the device out and forgets the creds (issue 10 item 8)', async () => {
    const store = new MemoryAuthStore();
    const first = await connected({ authStore: store });
    first.fake.last.emitCreds(linked);
    await first.session.whenIdle();
    await first.session.stop();
    const fake = fakeSocketFactory((sock) => process.nextTick(() => sock.emitOpen(ME)));
    await new BaileysProvider({ authStore: store, socketFactory: fake.factory }).unlink(connection);
    expect(fake.created).toBe(1);
    expect(fake.last.loggedOut).toBe(true);
    expect(store.values.size).toBe(0);
    // Nothing linked: nothing to open.
    const none = fakeSocketFactory();
    await new BaileysProvider({ authStore: new MemoryAuthStore(), socketFactory: none.factory }).unlink(connection);
    expect(none.created).toBe(0);
  });

  it('stop() ends the socket and cancels a pending reconnect', async () => {
    vi.useFakeTimers();
    const { fake, session } = await connected();
    fake.last.emitClose(DisconnectReason.connectionLost);
    await session.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.created).toBe(1);

    const other = await connected();
    await other.session.stop();
    expect(other.fake.last.ended).toBe(true);
    expect(other.fake.last.loggedOut).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(other.fake.created).toBe(1);
  });

  it('logout() logs the device out, forgets the credentials and never reconnects', async () => {
    vi.useFakeTimers();
    const { fake, store, session } = await connected();
    fake.last.emitCreds(linked);
    await session.whenIdle();
    await session.logout();
    expect(fake.last.loggedOut).toBe(true);
    expect(store.values.size).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.created).toBe(1);
  });
});

describe('auth state through the store', () => {
  it('persists creds.update and a new start reuses them, keys included', async () => {
    const first = await setup();
    const creds = first.fake.last.config.auth.creds;
    first.fake.last.emitCreds({ ...linked, registered: true });
    const keys = first.fake.last.config.auth.keys;
    await keys.set({
      'pre-key': { '5': { public: Buffer.from('pub'), private: Buffer.from('priv') } },
      'app-state-sync-key': { AAAA: { keyData: Buffer.from('key-data'), timestamp: 42 } },
      session: { gone: null },
    });
    await first.session.whenIdle();
    await first.session.stop();
    expect(JSON.parse(first.store.values.get('creds') as string).me.id).toBe(ME);

    const fake = fakeSocketFactory();
    await new BaileysProvider({ authStore: first.store, socketFactory: fake.factory }).start(connection, recorder().events);
    const reloaded = fake.last.config.auth;
    expect(reloaded.creds.me?.id).toBe(ME);
    expect(reloaded.creds.registered).toBe(true);
    expect(Buffer.from(reloaded.creds.account?.details as Uint8Array).toString()).toBe('adv-details');
    expect(Buffer.isBuffer(reloaded.creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(reloaded.creds.noiseKey.private).equals(Buffer.from(creds.noiseKey.private))).toBe(true);
    const preKeys = await reloaded.keys.get('pre-key', ['5', '6']);
    expect(Buffer.from(preKeys['5'].private).toString()).toBe('priv');
    expect(preKeys['6']).toBeUndefined();
    const appKeys = await reloaded.keys.get('app-state-sync-key', ['AAAA']);
    expect(appKeys.AAAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(appKeys.AAAA.keyData as Uint8Array).toString()).toBe('key-data');
  });

  it('a fresh store starts with new creds', async () => {
    const { fake, store } = await setup();
    expect(fake.last.config.auth.creds.me).toBeUndefined();
    expect(store.values.size).toBe(0);
  });
});

describe('encryptedStore', () => {
  const key = Buffer.alloc(32, 9);

  it('round-trips values and never stores the plaintext', async () => {
    const inner = new MemoryAuthStore();
    const store = encryptedStore(inner, key);
    const secret = '{"noiseKey":"super-secret-value"}';
    await store.write('creds', secret);
    const raw = inner.values.get('creds') as string;
    expect(raw).toMatch(/^v2:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(raw).not.toContain('super-secret');
    expect(raw).not.toContain(Buffer.from(secret).toString('base64'));
    expect(await store.read('creds')).toBe(secret);
    expect(await store.read('missing')).toBeNull();
    await store.write('creds', secret);
    expect(inner.values.get('creds')).not.toBe(raw); // fresh IV every write
  });

  it('rejects tampered values, values moved to another key and a wrong key', async () => {
    const inner = new MemoryAuthStore();
    const store = encryptedStore(inner, key);
    await store.write('creds', 'hello');
    const raw = inner.values.get('creds') as string;
    const [v, iv, tag, data] = raw.split(':');
    const flipped = Buffer.from(data, 'base64');
    flipped[0] ^= 1;
    inner.values.set('creds', [v, iv, tag, flipped.toString('base64')].join(':'));
    await expect(store.read('creds')).rejects.toThrow();
    // Moved under a signal key's name it is never accepted: read as missing (and dropped).
    inner.values.set('pre-key-1', raw);
    await expect(store.read('pre-key-1')).resolves.toBeNull();
    expect(inner.values.has('pre-key-1')).toBe(false);
    inner.values.set('creds', raw);
    await expect(encryptedStore(inner, Buffer.alloc(32, 1)).read('creds')).rejects.toThrow();
    expect(() => encryptedStore(inner, Buffer.alloc(16))).toThrow(/32-byte/);
  });

  it('an unreadable signal-key row is treated as missing and deleted; unreadable creds still fail (issue 10 item 8)', async () => {
    const inner = new MemoryAuthStore();
    const told: string[] = [];
    const store = encryptedStore(inner, key, 'whatsapp:1', (name) => told.push(name));
    inner.values.set('session-5511911112222.0', 'v2:broken:broken:broken');
    expect(await store.read('session-5511911112222.0')).toBeNull();
    expect(inner.values.has('session-5511911112222.0')).toBe(false);
    expect(told).toEqual(['session-5511911112222.0']);
    inner.values.set('creds', 'v2:broken:broken:broken');
    await expect(store.read('creds')).rejects.toThrow();
  });

  it('binds each value to its connection: a row copied to another connection does not decrypt (issue 9 item 16)', async () => {
    const one = new MemoryAuthStore();
    const two = new MemoryAuthStore();
    await encryptedStore(one, key, 'whatsapp:1').write('creds', 'number one');
    two.values.set('creds', one.values.get('creds')!);
    await expect(encryptedStore(two, key, 'whatsapp:2').read('creds')).rejects.toThrow();
    expect(await encryptedStore(one, key, 'whatsapp:1').read('creds')).toBe('number one');
  });

  it('still reads values written before the connection was bound (v1), and upgrades them', async () => {
    const inner = new MemoryAuthStore();
    // A v1 value: AES-256-GCM with only the name as associated data, as older versions wrote it.
    const { createCipheriv } = await import('node:crypto');
    const iv = Buffer.alloc(12, 3);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from('creds'));
    const data = Buffer.concat([cipher.update('legacy session', 'utf8'), cipher.final()]);
    inner.values.set('creds', ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':'));
    const store = encryptedStore(inner, key, 'whatsapp:7');
    expect(await store.read('creds')).toBe('legacy session');
    expect(inner.values.get('creds')).toMatch(/^v2:/);
    expect(await store.read('creds')).toBe('legacy session');
  });

  it('carries a whole session: creds written encrypted are reloaded', async () => {
    const inner = new MemoryAuthStore();
    const fake = fakeSocketFactory();
    const provider = new BaileysProvider({ authStore: () => encryptedStore(inner, key), socketFactory: fake.factory });
    const session = await provider.start(connection, recorder().events);
    fake.last.emitCreds(linked);
    await session.whenIdle();
    expect(inner.values.get('creds')).not.toContain(ME_NUMBER);
    await provider.start(connection, recorder().events);
    expect(fake.last.config.auth.creds.me?.id).toBe(ME);
  });
});

describe('inbound messages', () => {
  it('delivers a text message once even when Baileys replays the upsert', async () => {
    const { fake, rec, session } = await connected();
    const m = message({ remoteJid: ALICE, id: 'ABC' }, { conversation: 'oi' });
    fake.last.emitUpsert([m]);
    fake.last.emitUpsert([m], 'append');
    await session.whenIdle();
    expect(rec.messages).toHaveLength(1);
    expect(rec.messages[0]).toMatchObject({
      providerMessageId: 'ABC',
      chatId: '5511911112222',
      isGroup: false,
      from: '5511911112222',
      fromName: 'Alice',
      fromMe: false,
      body: 'oi',
      mediaType: 'chat',
      timestamp: new Date(1_700_000_000_000),
    });
  });

  it('reports messages sent from the phone as fromMe', async () => {
    const { fake, rec, session } = await connected();
    fake.last.emitUpsert([message({ remoteJid: ALICE, id: 'OWN', fromMe: true }, { conversation: 'from phone' })], 'append');
    await session.whenIdle();
    expect(rec.messages[0]).toMatchObject({ providerMessageId: 'OWN', chatId: '5511911112222', from: ME_NUMBER, fromMe: true, fromName: undefined });
  });

  it('gives group messages an id with the participant and the group jid as chat', async () => {
    const { fake, rec, session } = await connected();
    fake.last.emitUpsert([message({ remoteJid: GROUP, id: 'G1', participant: ALICE }, { conversation: 'hi all' })]);
    fake.last.emitUpsert([message({ remoteJid: GROUP, id: 'G1', participant: '5511933334444@s.whatsapp.net' }, { conversation: 'same id, other sender' })]);
    await session.whenIdle();
    expect(rec.messages.map((m) => [m.providerMessageId, m.chatId, m.isGroup, m.from])).toEqual([
      ['G1:5511911112222', GROUP, true, '5511911112222'],
      ['G1:5511933334444', GROUP, true, '5511933334444'],
    ]);
  });

  it('maps an @lid sender to the phone number and remembers it for later lid-only messages', async () => {
    const { fake, rec, session } = await connected();
    fake.last.emitUpsert([message({ remoteJid: ALICE_LID, remoteJidAlt: ALICE, id: 'L1', addressingMode: 'lid' }, { conversation: 'first' })]);
    fake.last.emitUpsert([message({ remoteJid: ALICE_LID, id: 'L2' }, { conversation: 'only lid' })]);
    fake.last.emitUpsert([message({ remoteJid: GROUP, participant: '123456789012345:4@lid', id: 'L3' }, { conversation: 'lid in group' })]);
    fake.last.emitUpsert([message({ remoteJid: '999999999999999@lid', id: 'L4' }, { conversation: 'nobody knows me' })]);
    fake.last.emitUpsert([message({ remoteJid: GROUP, participant: '888888888888888@lid', id: 'L5' }, { conversation: 'unknown member' })]);
    await session.whenIdle();
    expect(rec.messages.map((m) => [m.providerMessageId, m.chatId, m.from])).toEqual([
      ['L1', '5511911112222', '5511911112222'],
      ['L2', '5511911112222', '5511911112222'],
      ['L3:5511911112222', GROUP, '5511911112222'],
    ]);
    expect(rec.messages.every((m) => !m.from.includes('lid') && /^\d+$/.test(m.from))).toBe(true);
  });

  it("uses participantAlt, lid-mapping.update and Baileys' lid mapping store", async () => {
    const { fake, rec, session } = await connected();
    fake.last.lidMap.set('777@lid', '5511977777777:0@s.whatsapp.net');
    fake.last.emitLidMapping('666@lid', '5511966666666@s.whatsapp.net');
    fake.last.emitUpsert([
      message({ remoteJid: GROUP, participant: '555@lid', participantAlt: '5511955555555@s.whatsapp.net', id: 'P1' }, { conversation: 'a' }),
      message({ remoteJid: '777@lid', id: 'P2' }, { conversation: 'b' }),
      message({ remoteJid: '666@lid', id: 'P3' }, { conversation: 'c' }),
    ]);
    await session.whenIdle();
    expect(rec.messages.map((m) => m.from)).toEqual(['5511955555555', '5511977777777', '5511966666666']);
  });

  it('skips status broadcasts, newsletters, protocol-only and empty messages', async () => {
    const { fake, rec, session } = await connected();
    fake.last.emitUpsert([
      message({ remoteJid: 'status@broadcast', participant: ALICE, id: 'S1' }, { conversation: 'story' }),
      message({ remoteJid: '120363111111111111@newsletter', id: 'N1' }, { conversation: 'channel post' }),
      message({ remoteJid: ALICE, id: 'R1' }, { reactionMessage: { text: '', key: { id: 'X' } } }),
      message({ remoteJid: ALICE, id: 'K1' }, { senderKeyDistributionMessage: { groupId: GROUP } }),
      message({ remoteJid: ALICE, id: 'E1' }, {}, { message: undefined, messageStubType: WAMessageStubType.CIPHERTEXT }),
    ]);
    await session.whenIdle();
    expect(rec.messages).toEqual([]);
  });

  it('extracts bodies and media types', async () => {
    const download: MediaDownloader = async () => Buffer.from('file-bytes');
    const { fake, rec, session } = await connected({ downloadMedia: download });
    const thumb = Buffer.from('jpeg');
    fake.last.emitUpsert([
      message({ remoteJid: ALICE, id: 'T1' }, { extendedTextMessage: { text: 'see https://x.y', contextInfo: { stanzaId: 'Q1' } } }),
      message({ remoteJid: ALICE, id: 'T2' }, { imageMessage: { caption: 'a photo', mimetype: 'image/jpeg', fileLength: 10 } }),
      message({ remoteJid: ALICE, id: 'T3' }, { documentMessage: { fileName: 'nota.pdf', mimetype: 'application/pdf' } }),
      message({ remoteJid: ALICE, id: 'T4' }, { locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Praça', address: 'Rua A | 1', jpegThumbnail: thumb } }),
      message({ remoteJid: ALICE, id: 'T5' }, { contactMessage: { displayName: 'Bob', vcard: 'BEGIN:VCARD\nFN:Bob\nEND:VCARD' } }),
      message({ remoteJid: ALICE, id: 'T6' }, { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } }),
      message({ remoteJid: ALICE, id: 'T7' }, { videoMessage: { caption: 'clip', mimetype: 'video/mp4' } }),
      message({ remoteJid: ALICE, id: 'T8' }, { ephemeralMessage: { message: { conversation: 'disappearing' } } }),
      message({ remoteJid: ALICE, id: 'T9' }, { documentWithCaptionMessage: { message: { documentMessage: { caption: 'with caption', fileName: 'x.txt', mimetype: 'text/plain' } } } }),
      message({ remoteJid: ALICE, id: 'T10' }, { callLogMesssage: { isVideo: false } }),
      message({ remoteJid: GROUP, participant: ALICE, id: 'T11' }, { extendedTextMessage: { text: 'reply', contextInfo: { stanzaId: 'Q2', participant: '5511933334444@s.whatsapp.net' } } }),
    ]);
    await session.whenIdle();
    const byId = Object.fromEntries(rec.messages.map((m) => [m.providerMessageId, m]));
    expect(byId.T1).toMatchObject({ body: 'see https://x.y', mediaType: 'chat', quotedProviderMessageId: 'Q1', media: undefined });
    expect(byId.T2).toMatchObject({ body: 'a photo', mediaType: 'image', media: { mimetype: 'image/jpeg', data: Buffer.from('file-bytes') } });
    expect(byId.T3).toMatchObject({ body: 'nota.pdf', mediaType: 'application', media: { mimetype: 'application/pdf', fileName: 'nota.pdf' } });
    expect(byId.T4.mediaType).toBe('locationMessage');
    expect(byId.T4.body).toBe(`data:image/jpeg;base64,${thumb.toString('base64')}|https://maps.google.com/maps?q=-23.5%2C-46.6&z=17|Praça - Rua A / 1`);
    expect(byId.T4.media).toBeUndefined();
    expect(byId.T5).toMatchObject({ body: 'BEGIN:VCARD\nFN:Bob\nEND:VCARD', mediaType: 'vcard' });
    expect(byId.T6).toMatchObject({ body: '', mediaType: 'audio', media: { mimetype: 'audio/ogg; codecs=opus' } });
    expect(byId.T7).toMatchObject({ body: 'clip', mediaType: 'video' });
    expect(byId.T8).toMatchObject({ body: 'disappearing', mediaType: 'chat' });
    expect(byId.T9).toMatchObject({ body: 'with caption', mediaType: 'application', media: { fileName: 'x.txt' } });
    expect(byId.T10).toMatchObject({ body: '', mediaType: 'call_log' });
    expect(byId['T11:5511911112222'].quotedProviderMessageId).toBe('Q2:5511933334444');
  });

  it('does not attach media over the size limit but still delivers the message', async () => {
    const download = vi.fn<MediaDownloader>(async () => Buffer.alloc(200));
    const { fake, rec, session } = await connected({ downloadMedia: download, maxMediaBytes: 100 });
    fake.last.emitUpsert([
      message({ remoteJid: ALICE, id: 'BIG1' }, { videoMessage: { caption: 'declared big', mimetype: 'video/mp4', fileLength: 5_000 } }),
      message({ remoteJid: ALICE, id: 'BIG2' }, { imageMessage: { caption: 'turned out big', mimetype: 'image/png' } }),
    ]);
    await session.whenIdle();
    expect(download).toHaveBeenCalledTimes(1); // the declared size already ruled BIG1 out
    expect(rec.messages.map((m) => [m.providerMessageId, m.body, m.media])).toEqual([
      ['BIG1', 'declared big', undefined],
      ['BIG2', 'turned out big', undefined],
    ]);
  });

  it('retries a failing download up to three times, with the socket as reupload source', async () => {
    let calls = 0;
    const download = vi.fn<MediaDownloader>(async (_m, ctx) => {
      calls += 1;
      if (calls < 3) throw new Error('network');
      await ctx.reuploadRequest(_m);
      return Buffer.from('ok');
    });
    const { fake, rec, session } = await connected({ downloadMedia: download });
    fake.last.emitUpsert([message({ remoteJid: ALICE, id: 'R1' }, { imageMessage: { mimetype: 'image/jpeg' } })]);
    await session.whenIdle();
    expect(download).toHaveBeenCalledTimes(3);
    expect(fake.last.mediaUpdates).toHaveLength(1);
    expect(rec.messages[0].media?.data.toString()).toBe('ok');

    const failing = vi.fn<MediaDownloader>(async () => {
      throw new Error('gone');
    });
    const second = await connected({ downloadMedia: failing });
    second.fake.last.emitUpsert([message({ remoteJid: ALICE, id: 'R2' }, { audioMessage: { mimetype: 'audio/ogg' } })]);
    await second.session.whenIdle();
    expect(failing).toHaveBeenCalledTimes(3);
    expect(second.rec.messages[0]).toMatchObject({ providerMessageId: 'R2', mediaType: 'audio', media: undefined });
  });

  it('a failed kernel delivery is not remembered, so a replay delivers it', async () => {
    const { fake, rec, session } = await connected();
    let fail = true;
    const original = rec.events.message;
    rec.events.message = async (m) => {
      if (fail) throw new Error('queue down');
      await original(m);
    };
    const m = message({ remoteJid: ALICE, id: 'RETRY' }, { conversation: 'x' });
    fake.last.emitUpsert([m]);
    await session.whenIdle();
    fail = false;
    fake.last.emitUpsert([m]);
    await session.whenIdle();
    expect(rec.messages.map((x) => x.providerMessageId)).toEqual(['RETRY']);
  });
});

describe('group receipts and unmapped @lids (issue 10 item 7)', () => {
  it('message-receipt.update moves the ack of our group message forward', async () => {
    const { fake, rec, session } = await connected();
    const receipt = (r: object) => ({ key: { remoteJid: GROUP, id: 'OUT9', fromMe: true }, receipt: { userJid: ALICE, ...r } });
    fake.last.ev.emit('message-receipt.update', [receipt({ receiptTimestamp: 1 }), receipt({ readTimestamp: 2 }), receipt({ playedTimestamp: 3 })]);
    fake.last.ev.emit('message-receipt.update', [{ key: { remoteJid: GROUP, id: 'THEIRS', fromMe: false, participant: ALICE }, receipt: { userJid: ME, readTimestamp: 1 } }]);
    await session.whenIdle();
    expect(rec.acks).toEqual([
      [`OUT9:${ME_NUMBER}`, 2],
      [`OUT9:${ME_NUMBER}`, 3],
      [`OUT9:${ME_NUMBER}`, 4],
    ]);
  });

  it('a kept message from an @lid with no known number is handed back (parked), and delivered once the mapping arrives', async () => {
    const kept: string[] = [];
    const { fake, rec, session } = await setup({}, { inbox: { keep: async (items) => void kept.push(...items.map((i) => i.data)) } });
    fake.last.emitOpen(ME);
    fake.last.emitUpsert([message({ remoteJid: ALICE_LID, id: 'LID1' }, { conversation: 'desde lid' })]);
    await session.whenIdle();
    await expect(session.handleKept!(kept[0])).rejects.toThrow(/waits for the mapping/);
    expect(rec.messages).toEqual([]);
    fake.last.emitLidMapping(ALICE_LID, ALICE);
    await session.handleKept!(kept[0]);
    expect(rec.messages.map((m) => [m.providerMessageId, m.chatId])).toEqual([['LID1', '5511911112222']]);
  });
});

describe('durable inbox (issue 10 item 1)', () => {
  /** An inbox that keeps items in memory, failing the first `failures` calls. */
  function memoryInbox(failures = 0) {
    const kept: { id: string; data: string }[] = [];
    let calls = 0;
    const inbox = {
      keep: vi.fn(async (items: { id: string; data: string }[]) => {
        calls += 1;
        if (calls <= failures) throw new Error('redis down');
        kept.push(...items);
      }),
    };
    return { inbox, kept };
  }

  it('keeps the raw upsert before anything else: nothing is parsed, downloaded or delivered until the job handles it', async () => {
    const download = vi.fn<MediaDownloader>(async () => Buffer.from('img-bytes'));
    const { inbox, kept } = memoryInbox();
    const { fake, rec, session } = await setup({ downloadMedia: download }, { inbox });
    fake.last.emitOpen(ME);
    const mediaKey = Buffer.from('0123456789abcdef0123456789abcdef');
    fake.last.emitUpsert([
      message({ remoteJid: ALICE, id: 'K1' }, { conversation: 'hola' }),
      message({ remoteJid: ALICE, id: 'K2' }, { imageMessage: { mimetype: 'image/jpeg', caption: 'foto', mediaKey } }),
      message({ remoteJid: 'status@broadcast', id: 'K3' }, { conversation: 'a status' }),
    ]);
    await session.whenIdle();
    expect(rec.messages).toEqual([]);
    expect(download).not.toHaveBeenCalled();
    // Broadcasts are never handled, so never kept; a replay keeps the same id (deduplicated by the inbox).
    expect(kept.map((k) => k.id)).toEqual([`${ALICE}|K1||0`, `${ALICE}|K2||0`]);

    for (const item of kept) await session.handleKept!(item.data);
    expect(rec.messages.map((m) => [m.providerMessageId, m.body, m.media?.data.toString()])).toEqual([
      ['K1', 'hola', undefined],
      ['K2', 'foto', 'img-bytes'],
    ]);
    // Buffers survive the trip through the inbox (BufferJSON): the media key reaches the download intact.
    const downloaded = download.mock.calls[0][0];
    expect(Buffer.from(downloaded.message!.imageMessage!.mediaKey!).equals(mediaKey)).toBe(true);
  });

  it('a failed keep is retried until the inbox takes it, and later events wait behind it', async () => {
    const { inbox, kept } = memoryInbox(2);
    const { fake, rec, session } = await setup({}, { inbox });
    fake.last.emitOpen(ME);
    fake.last.emitUpsert([message({ remoteJid: ALICE, id: 'R1' }, { conversation: 'uno' })]);
    fake.last.emitUpdate([{ key: { remoteJid: ALICE, id: 'R1', fromMe: false }, update: { status: 3 } }]);
    await session.whenIdle();
    expect(inbox.keep).toHaveBeenCalledTimes(3);
    expect(kept.map((k) => k.id)).toEqual([`${ALICE}|R1||0`]);
    expect(rec.acks).toEqual([['R1', 2]]);
  });

  it('a kept message whose delivery fails throws, so the job is handed again, and is delivered once', async () => {
    const { inbox, kept } = memoryInbox();
    const { fake, rec, session } = await setup({}, { inbox });
    fake.last.emitOpen(ME);
    fake.last.emitUpsert([message({ remoteJid: ALICE, id: 'D1' }, { conversation: 'x' })]);
    await session.whenIdle();
    const original = rec.events.message;
    rec.events.message = async () => {
      throw new Error('queue down');
    };
    await expect(session.handleKept!(kept[0].data)).rejects.toThrow('queue down');
    rec.events.message = original;
    await session.handleKept!(kept[0].data);
    await session.handleKept!(kept[0].data);
    expect(rec.messages.map((m) => m.providerMessageId)).toEqual(['D1']);
  });

  it('drain releases what Baileys holds in its event buffer before ending the socket', async () => {
    const kept: string[] = [];
    const { fake, session } = await setup({}, { inbox: { keep: async (items) => void kept.push(...items.map((i) => i.id)) } });
    fake.last.emitOpen(ME);
    fake.last.ev.buffer();
    fake.last.emitUpsert([message({ remoteJid: ALICE, id: 'HELD' }, { conversation: 'en el buffer' })]);
    await session.whenIdle();
    expect(kept).toEqual([]);
    await session.drain!();
    expect(kept).toEqual([`${ALICE}|HELD||0`]);
  });

  it('a content-less placeholder (CIPHERTEXT) is not kept, so the decrypted message under the same key is', async () => {
    const { inbox, kept } = memoryInbox();
    const { fake, rec, session } = await setup({}, { inbox });
    fake.last.emitOpen(ME);
    fake.last.emitUpsert([message({ remoteJid: ALICE, id: 'C1' }, {}, { message: undefined, messageStubType: WAMessageStubType.CIPHERTEXT })]);
    fake.last.emitUpsert([message({ remoteJid: ALICE, id: 'C1' }, { conversation: 'ya descifrado' })]);
    fake.last.emitUpsert([message({ remoteJid: ALICE, id: 'C2' }, {}, { message: undefined, messageStubType: WAMessageStubType.REVOKE })]);
    await session.whenIdle();
    expect(kept.map((k) => k.id)).toEqual([`${ALICE}|C1||0`, `${ALICE}|C2||0`]);
    await session.handleKept!(kept[0].data);
    expect(rec.messages.map((m) => m.body)).toEqual(['ya descifrado']);
  });

  it('a reconnect hands on what Baileys still holds in its event buffer before detaching from the old socket', async () => {
    const { inbox, kept } = memoryInbox();
    const { fake, session } = await setup({}, { inbox });
    fake.last.emitOpen(ME);
    fake.last.ev.buffer();
    fake.last.emitUpsert([message({ remoteJid: ALICE, id: 'BUF1' }, { conversation: 'retenido' })]);
    fake.last.emitClose(DisconnectReason.connectionLost);
    await session.whenIdle();
    expect(kept.map((k) => k.id)).toEqual([`${ALICE}|BUF1||0`]);
  });

  it('drain waits for signal-key writes in flight (issue 10 item 2)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const store = new MemoryAuthStore();
    const write = store.write.bind(store);
    store.write = async (k, v) => {
      if (k.startsWith('session-')) await gate;
      return write(k, v);
    };
    const { fake, session } = await connected({ authStore: store });
    // What Baileys does after a key exchange (through the cacheable key store the provider gave it).
    void fake.last.config.auth.keys.set({ session: { 'alice.0': Buffer.from('sess') } });
    let drained = false;
    const done = session.drain!().then(() => (drained = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(drained).toBe(false);
    release();
    await done;
    expect(store.values.has('session-alice.0')).toBe(true);
  });

  it('drain closes the socket first, finishes the keeps already taken, and does not reconnect', async () => {
    vi.useFakeTimers();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const kept: string[] = [];
    const inbox = {
      keep: async (items: { id: string }[]) => {
        await gate;
        kept.push(...items.map((i) => i.id));
      },
    };
    const { fake, rec, session } = await setup({}, { inbox });
    fake.last.emitOpen(ME);
    fake.last.emitUpsert([message({ remoteJid: ALICE, id: 'S1' }, { conversation: 'x' })]);
    const drained = session.drain!();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.last.ended).toBe(true);
    expect(kept).toEqual([]);
    release();
    await drained;
    expect(kept).toEqual([`${ALICE}|S1||0`]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.created).toBe(1);
    expect(rec.statuses.map((s) => s.status)).not.toContain('DISCONNECTED');
  });
});

describe('updates: acks, edits, revokes', () => {
  it('maps Baileys statuses to kernel acks', async () => {
    const { fake, rec, session } = await connected();
    const key = { remoteJid: ALICE, id: 'OUT1', fromMe: true };
    fake.last.emitUpdate([
      { key, update: { status: WAMessageStatus.PENDING } },
      { key, update: { status: WAMessageStatus.SERVER_ACK } },
      { key, update: { status: WAMessageStatus.DELIVERY_ACK } },
      { key, update: { status: WAMessageStatus.READ } },
      { key, update: { status: WAMessageStatus.PLAYED } },
      { key, update: { status: WAMessageStatus.ERROR } },
      { key: { remoteJid: GROUP, id: 'OUT2', fromMe: true }, update: { status: WAMessageStatus.READ } },
    ]);
    await session.whenIdle();
    expect(rec.acks).toEqual([
      ['OUT1', 1],
      ['OUT1', 2],
      ['OUT1', 3],
      ['OUT1', 4],
      ['OUT1', -1], // ERROR: a failed delivery the agent sees (issue 10 item 7); the kernel ignores it once delivered
      [`OUT2:${ME_NUMBER}`, 3],
    ]);
  });

  it('tells Baileys to ignore status broadcasts and newsletters (issue 10 item 8)', async () => {
    const { fake } = await connected();
    const ignore = fake.last.config.shouldIgnoreJid!;
    expect(ignore('status@broadcast')).toBe(true);
    expect(ignore('120363111111111111@newsletter')).toBe(true);
    expect(ignore(ALICE)).toBe(false);
    expect(ignore(GROUP)).toBe(false);
  });

  it('reports edits from messages.update and from a MESSAGE_EDIT upsert once', async () => {
    const { fake, rec, session } = await connected();
    // What Baileys emits: the upsert with the protocol message, then its own messages.update mirror.
    fake.last.emitUpsert([
      message(
        { remoteJid: ALICE, id: 'ENVELOPE1' },
        { protocolMessage: { type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, key: { remoteJid: ME, fromMe: true, id: 'ORIG1' }, editedMessage: { conversation: 'fixed' } } },
      ),
    ]);
    fake.last.emitUpdate([{ key: { remoteJid: ALICE, fromMe: false, id: 'ORIG1' }, update: { message: { editedMessage: { message: { conversation: 'fixed' } } } } }]);
    fake.last.emitUpdate([
      { key: { remoteJid: GROUP, participant: ALICE, id: 'ORIG2' }, update: { message: { editedMessage: { message: { extendedTextMessage: { text: 'group fix' } } } } } },
    ]);
    await session.whenIdle();
    expect(rec.edits).toEqual([
      ['ORIG1', 'fixed'],
      ['ORIG2:5511911112222', 'group fix'],
    ]);
    expect(rec.messages).toEqual([]);
  });

  it('reports revokes from protocol messages, stubs and updates once', async () => {
    const { fake, rec, session } = await connected();
    fake.last.emitUpsert([
      message({ remoteJid: ALICE, id: 'ENV' }, { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { remoteJid: ME, fromMe: true, id: 'GONE1' } } }),
    ]);
    fake.last.emitUpdate([{ key: { remoteJid: ALICE, fromMe: false, id: 'GONE1' }, update: { message: null, messageStubType: WAMessageStubType.REVOKE } }]);
    fake.last.emitUpsert([message({ remoteJid: ALICE, id: 'GONE2' }, {}, { message: undefined, messageStubType: WAMessageStubType.REVOKE })]);
    // Someone deleting another participant's message in a group: the envelope's sender names the
    // message (issue 9 item 6), so it can only ever be their own.
    fake.last.emitUpsert([
      message(
        { remoteJid: GROUP, participant: '5511933334444@s.whatsapp.net', id: 'ENV2' },
        { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { remoteJid: GROUP, participant: ALICE, id: 'GONE3' } } },
      ),
    ]);
    await session.whenIdle();
    expect(rec.revokes).toEqual(['GONE1', 'GONE2', 'GONE3:5511933334444']);
  });

  it('names the group member who sent an edit or revoke (issue 27 item 8): the group alone is every member', async () => {
    const { fake, rec, session } = await connected();
    const BOB = '5511933334444@s.whatsapp.net';
    fake.last.emitUpsert([
      message({ remoteJid: GROUP, participant: BOB, id: 'ENV3' }, { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { remoteJid: GROUP, participant: BOB, id: 'G1' } } }),
    ]);
    fake.last.emitUpdate([
      { key: { remoteJid: GROUP, participant: ALICE, id: 'G2' }, update: { message: { editedMessage: { message: { conversation: 'group fix' } } } } },
      { key: { remoteJid: GROUP, fromMe: true, id: 'G3' }, update: { message: null, messageStubType: WAMessageStubType.REVOKE } },
      { key: { remoteJid: ALICE, fromMe: false, id: 'ONE1' }, update: { message: null, messageStubType: WAMessageStubType.REVOKE } },
    ]);
    await session.whenIdle();
    expect(rec.authors).toEqual([
      { fromMe: false, chatId: GROUP, participant: '5511933334444' },
      { fromMe: false, chatId: GROUP, participant: '5511911112222' },
      { fromMe: true, chatId: GROUP },
      { fromMe: false, chatId: '5511911112222' },
    ]);
  });
});

describe('client version (issue 10 item 5)', () => {
  it('announces the version it is given, and a 405 (outdated client) is terminal with a visible reason', async () => {
    vi.useFakeTimers();
    const { fake, rec } = await connected({ version: () => [2, 3000, 1234] });
    expect(fake.last.config.version).toEqual([2, 3000, 1234]);
    const before = fake.created;
    fake.last.emitClose(405);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fake.created).toBe(before); // no reconnect loop
    expect(rec.last()).toEqual({ status: 'DISCONNECTED', detail: { reason: 'outdated_client' } });
  });

  it('other terminal closes say why too', async () => {
    const { fake, rec } = await connected();
    fake.last.emitClose(DisconnectReason.connectionReplaced);
    expect(rec.last()).toEqual({ status: 'DISCONNECTED', detail: { reason: 'replaced' } });
  });
});

describe('kinds Atende cannot show (issue 10 item 8)', () => {
  it('stores reactions (quoting the message), polls as text and other kinds as a placeholder', async () => {
    const { fake, rec, session } = await connected();
    fake.last.emitUpsert([
      message({ remoteJid: ALICE, id: 'RE1' }, { reactionMessage: { text: '❤️', key: { id: 'M0', remoteJid: ALICE } } }),
      message({ remoteJid: ALICE, id: 'PO1' }, { pollCreationMessageV3: { name: '¿Cuándo?', options: [{ optionName: 'Hoy' }, { optionName: 'Mañana' }] } }),
      message({ remoteJid: ALICE, id: 'EV1' }, { eventMessage: { name: 'Fiesta' } }),
      message({ remoteJid: ALICE, id: 'VO1' }, { viewOnceMessageV2: { message: { imageMessage: { mimetype: 'image/jpeg', caption: 'una vez' } } } }),
    ]);
    await session.whenIdle();
    const byId = Object.fromEntries(rec.messages.map((m) => [m.providerMessageId, m]));
    expect(byId.RE1).toMatchObject({ mediaType: 'reaction', body: '❤️', quotedProviderMessageId: 'M0' });
    expect(byId.PO1).toMatchObject({ mediaType: 'poll', body: '¿Cuándo?\n• Hoy\n• Mañana' });
    expect(byId.EV1).toMatchObject({ mediaType: 'unsupported', body: '' });
    expect(byId.VO1).toMatchObject({ mediaType: 'image', body: 'una vez' });
  });
});

describe('groups (issue 9 item 21)', () => {
  it('names the chat with the group subject, asked once and kept current by groups.update; the participant is the sender', async () => {
    const { fake, rec, session } = await connected();
    fake.last.groupSubjects.set(GROUP, 'Ventas Lima');
    fake.last.emitUpsert([message({ remoteJid: GROUP, participant: ALICE, id: 'G1' }, { conversation: 'hola' })]);
    fake.last.emitUpsert([message({ remoteJid: GROUP, participant: ALICE, id: 'G2' }, { conversation: 'otra' })]);
    await session.whenIdle();
    fake.last.emitGroupSubject(GROUP, 'Ventas Perú');
    fake.last.emitUpsert([message({ remoteJid: GROUP, participant: ALICE, id: 'G3' }, { conversation: 'nuevo nombre' })]);
    await session.whenIdle();
    expect(rec.messages.map((m) => [m.chatName, m.from, m.fromName])).toEqual([
      ['Ventas Lima', '5511911112222', 'Alice'],
      ['Ventas Lima', '5511911112222', 'Alice'],
      ['Ventas Perú', '5511911112222', 'Alice'],
    ]);
    expect(fake.last.groupMetadataCalls).toBe(1);
  });
});

describe('contacts and calls', () => {
  it('reports contacts by phone number only', async () => {
    const { fake, rec, session } = await connected();
    fake.last.emitContacts([
      { id: ALICE, name: 'Alice', imgUrl: 'https://pps.whatsapp.net/a.jpg' },
      { id: '444@lid', phoneNumber: '5511944444444@s.whatsapp.net', notify: 'Dan' },
      { id: '333@lid', notify: 'Unknown lid' },
      { id: GROUP, name: 'A group' },
    ]);
    fake.last.emitContacts([{ id: '5511922222222@s.whatsapp.net', notify: 'Eve' }, { id: ALICE, imgUrl: 'changed' }], 'update');
    await session.whenIdle();
    expect(rec.contacts).toEqual([
      { number: '5511911112222', name: 'Alice', profilePicUrl: 'https://pps.whatsapp.net/a.jpg' },
      { number: '5511944444444', name: 'Dan' },
      { number: '5511922222222', name: 'Eve' },
    ]);
    // The contact taught us the lid: a later lid-only message resolves.
    fake.last.emitUpsert([message({ remoteJid: '444@lid', id: 'D1' }, { conversation: 'hi' })]);
    await session.whenIdle();
    expect(rec.messages[0].from).toBe('5511944444444');
  });

  it('reports incoming call offers and rejects with the jid of the offer', async () => {
    const { fake, rec, session } = await connected();
    const call = { chatId: ALICE_LID, from: ALICE_LID, callerPn: ALICE, id: 'CALL1', date: new Date(), offline: false };
    fake.last.emitCall([{ ...call, status: 'offer' }, { ...call, status: 'terminate' }]);
    await session.whenIdle();
    expect(rec.calls).toEqual([['5511911112222', 'CALL1']]);
    await session.rejectCall('5511911112222', 'CALL1');
    await session.rejectCall('5511900000000', 'UNKNOWN');
    expect(fake.last.rejectedCalls).toEqual([
      { callId: 'CALL1', callFrom: ALICE_LID },
      { callId: 'UNKNOWN', callFrom: '5511900000000@s.whatsapp.net' },
    ]);
  });
});

describe('outbound', () => {
  it('refuses to send before the connection opens', async () => {
    const { session } = await setup();
    await expect(session.send({ to: '5511911112222', body: 'x' })).rejects.toThrow(/not connected/);
  });

  it('sends text, media and quotes with the right shapes', async () => {
    const { fake, session } = await connected();
    const sock = fake.last;
    const img = Buffer.from('png');
    const r1 = await session.send({ to: '+55 11 91111-2222', body: 'hello' });
    const r2 = await session.send({ to: '5511911112222', body: 'look', media: { mimetype: 'image/png', data: img } });
    await session.send({ to: '5511911112222', body: 'ignored', media: { mimetype: 'audio/mpeg', data: img } });
    await session.send({ to: '5511911112222', body: 'the file', media: { mimetype: 'application/pdf', data: img, fileName: 'a.pdf' } });
    await session.send({ to: '5511911112222', body: '', media: { mimetype: 'video/mp4', data: img } });
    await session.send({ to: '5511911112222', body: 'replying', quotedProviderMessageId: 'THEIRS', quotedBody: 'their words' });
    await session.send({ to: '5511911112222', body: 'replying to me', quotedProviderMessageId: r1.providerMessageId, quotedBody: 'hello' });
    await session.send({ to: '5511911112222', body: 'quote unknown', quotedProviderMessageId: 'GONE' });
    expect(r1.providerMessageId).toBe('FAKE1');
    expect(r2.providerMessageId).toBe('FAKE2');
    expect(sock.sent.map((s) => [s.jid, s.content])).toEqual([
      [ALICE, { text: 'hello' }],
      [ALICE, { image: img, mimetype: 'image/png', caption: 'look' }],
      [ALICE, { audio: img, mimetype: 'audio/ogg; codecs=opus', ptt: true }],
      [ALICE, { document: img, mimetype: 'application/pdf', fileName: 'a.pdf', caption: 'the file' }],
      [ALICE, { video: img, mimetype: 'video/mp4', caption: undefined }],
      [ALICE, { text: 'replying' }],
      [ALICE, { text: 'replying to me' }],
      [ALICE, { text: 'quote unknown' }],
    ]);
    // The quote carries the quoted text (issue 10 item 7); without it the reply goes unquoted.
    expect(sock.sent[5].options?.quoted).toEqual({ key: { remoteJid: ALICE, id: 'THEIRS', fromMe: false }, message: { conversation: 'their words' } });
    expect(sock.sent[6].options?.quoted?.key).toEqual({ remoteJid: ALICE, id: 'FAKE1', fromMe: true });
    expect(sock.sent[7].options).toBeUndefined();
    // Sent contents are kept for Baileys' retry path.
    expect(await sock.config.getMessage?.({ id: 'FAKE1' })).toEqual({ conversation: 'hello' });
  });

  it('keeps group metadata for Baileys sends and refreshes it when participants change (issue 10 item 8)', async () => {
    const { fake, session } = await connected();
    const sock = fake.last;
    sock.groupSubjects.set(GROUP, 'Familia');
    const cached = sock.config.cachedGroupMetadata!;
    await session.send({ to: GROUP, body: 'uno' });
    await session.send({ to: GROUP, body: 'dos' });
    expect(sock.groupMetadataCalls).toBe(1);
    expect((await cached(GROUP))?.subject).toBe('Familia');
    sock.ev.emit('group-participants.update', { id: GROUP, author: ALICE, participants: [], action: 'add' });
    await session.whenIdle();
    expect(await cached(GROUP)).toBeUndefined();
    await session.send({ to: GROUP, body: 'tres' });
    expect(sock.groupMetadataCalls).toBe(2);
    sock.emitGroupSubject(GROUP, 'Familia 2');
    expect((await cached(GROUP))?.subject).toBe('Familia 2');
  });

  it('quotes a group message with its participant exactly as received (issue 10 item 7)', async () => {
    const { fake, rec, session } = await connected();
    fake.last.emitLidMapping(ALICE_LID, ALICE);
    fake.last.emitUpsert([message({ remoteJid: GROUP, id: 'GL1', participant: ALICE_LID }, { conversation: 'desde lid' })]);
    await session.whenIdle();
    const id = rec.messages[0].providerMessageId;
    expect(id).toBe('GL1:5511911112222');
    await session.send({ to: GROUP, body: 're', quotedProviderMessageId: id, quotedBody: 'desde lid' });
    expect(fake.last.sent[0].options?.quoted?.key).toEqual({ remoteJid: GROUP, id: 'GL1', fromMe: false, participant: ALICE_LID });
  });

  it('uses participant-qualified ids in groups', async () => {
    const { fake, session } = await connected();
    const sent = await session.send({ to: GROUP, body: 'to all', quotedProviderMessageId: 'G9:5511911112222', quotedBody: 'hi' });
    expect(sent.providerMessageId).toBe(`FAKE1:${ME_NUMBER}`);
    expect(fake.last.sent[0].jid).toBe(GROUP);
    expect(fake.last.sent[0].options?.quoted?.key).toEqual({ remoteJid: GROUP, id: 'G9', fromMe: false, participant: ALICE });
    await session.delete(GROUP, sent.providerMessageId);
    await session.delete(GROUP, 'G9:5511911112222');
    await session.edit(GROUP, sent.providerMessageId, 'to everyone');
    expect(fake.last.sent.slice(1).map((s) => s.content)).toEqual([
      { delete: { remoteJid: GROUP, id: 'FAKE1', fromMe: true } },
      { delete: { remoteJid: GROUP, id: 'G9', fromMe: false, participant: ALICE } },
      { text: 'to everyone', edit: { remoteJid: GROUP, id: 'FAKE1', fromMe: true } },
    ]);
  });

  it('deletes and edits our messages in a 1:1 chat', async () => {
    const { fake, session } = await connected();
    await session.delete('5511911112222', 'OUT1');
    await session.edit('5511911112222', 'OUT1', 'new text');
    expect(fake.last.sent.map((s) => [s.jid, s.content])).toEqual([
      [ALICE, { delete: { remoteJid: ALICE, id: 'OUT1', fromMe: true } }],
      [ALICE, { text: 'new text', edit: { remoteJid: ALICE, id: 'OUT1', fromMe: true } }],
    ]);
  });

  it('streams media from a path, sends audio as a voice note unless ptt is false', async () => {
    const { fake, session } = await connected();
    await session.send({ to: '5511911112222', body: 'cap', media: { mimetype: 'image/jpeg', path: '/data/media/3/a.jpg' } });
    await session.send({ to: '5511911112222', body: '', media: { mimetype: 'audio/ogg', path: '/data/media/3/v.ogg', ptt: true } });
    await session.send({ to: '5511911112222', body: '', media: { mimetype: 'audio/mpeg', path: '/data/media/3/song.mp3', ptt: false } });
    expect(fake.last.sent.map((s) => s.content)).toEqual([
      { image: { url: '/data/media/3/a.jpg' }, mimetype: 'image/jpeg', caption: 'cap' },
      { audio: { url: '/data/media/3/v.ogg' }, mimetype: 'audio/ogg; codecs=opus', ptt: true },
      { audio: { url: '/data/media/3/song.mp3' }, mimetype: 'audio/mpeg' },
    ]);
    await expect(session.send({ to: '5511911112222', body: '', media: { mimetype: 'image/png' } })).rejects.toThrow(/neither data nor path/);
  });

  /** A session whose WhatsApp knows only ALICE; `asked` records each number check. */
  async function onlyAliceOnWhatsApp() {
    const ctx = await connected();
    const asked: string[] = [];
    Object.assign(ctx.fake.last, {
      onWhatsApp: async (jid: string) => {
        asked.push(jid);
        return [{ jid, exists: jid === ALICE }];
      },
    });
    return { ...ctx, asked };
  }

  it('refuses a number WhatsApp does not know with ChannelRecipientError, checking each number once', async () => {
    const { fake, session, asked } = await onlyAliceOnWhatsApp();
    await session.send({ to: '5511911112222', body: 'one' });
    await session.send({ to: '5511911112222', body: 'two' });
    const err = await session.send({ to: '5511900000000', body: 'nobody' }).catch((e: unknown) => e);
    expect(isChannelRecipientError(err)).toBe(true);
    await session.send({ to: GROUP, body: 'groups are not checked' });
    expect(asked).toEqual([ALICE, '5511900000000@s.whatsapp.net']);
    expect(fake.last.sent.map((s) => s.jid)).toEqual([ALICE, ALICE, GROUP]);
  });

  it('sends to the JID the number check returned, not the typed one (issue 10 item 7)', async () => {
    const { fake, session } = await connected();
    // An older Brazilian mobile: typed with the ninth digit, registered without it.
    const registered = '551188887777@s.whatsapp.net';
    Object.assign(fake.last, { onWhatsApp: async () => [{ jid: registered, exists: true }] });
    await session.send({ to: '5511988887777', body: 'oi' });
    await session.send({ to: '5511988887777', body: 'de novo' });
    expect(fake.last.sent.map((s) => s.jid)).toEqual([registered, registered]);
  });

  it('isOnChannel asks WhatsApp once per number (issue 11 item 3)', async () => {
    const { session, asked } = await onlyAliceOnWhatsApp();
    await expect(session.isOnChannel!('5511911112222')).resolves.toBe(true);
    await expect(session.isOnChannel!('5511911112222')).resolves.toBe(true);
    await expect(session.isOnChannel!('5511900000000')).resolves.toBe(false);
    expect(asked).toEqual([ALICE, '5511900000000@s.whatsapp.net']);
  });

  it('answers retry receipts from the kept content after a restart (issue 10 item 7)', async () => {
    const store = new MemoryAuthStore();
    const first = await connected({ authStore: store });
    const { providerMessageId } = await first.session.send({ to: '5511911112222', body: 'guardado' });
    await first.session.stop();
    const fake = fakeSocketFactory();
    await new BaileysProvider({ authStore: store, socketFactory: fake.factory }).start(connection, recorder().events);
    expect(await fake.last.config.getMessage?.({ id: providerMessageId })).toEqual({ conversation: 'guardado' });
    expect(await fake.last.config.getMessage?.({ id: 'NEVER-SENT' })).toBeUndefined();
  });

  it('sends under the id the kernel chose, and never twice: a retry of an id that left is not sent again, even after a restart (issue 28 item 1)', async () => {
    const store = new MemoryAuthStore();
    const first = await connected({ authStore: store });
    const id = first.session.newMessageId!('5511911112222');
    expect(id).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(first.session.newMessageId!('5511911112222')).not.toBe(id);
    expect(await first.session.send({ to: '5511911112222', body: 'una vez', providerMessageId: id })).toEqual({ providerMessageId: id });
    expect(first.fake.last.sent[0].options?.messageId).toBe(id);
    // The retry of a send that left (the kernel could not record it): not sent again.
    expect(await first.session.send({ to: '5511911112222', body: 'una vez', providerMessageId: id })).toEqual({ providerMessageId: id });
    expect(first.fake.last.sent).toHaveLength(1);
    await first.session.stop();
    const fake = fakeSocketFactory();
    const again = await new BaileysProvider({ authStore: store, socketFactory: fake.factory }).start(connection, recorder().events);
    fake.last.emitOpen(ME);
    expect(await again.send({ to: '5511911112222', body: 'una vez', providerMessageId: id })).toEqual({ providerMessageId: id });
    expect(fake.last.sent).toEqual([]);
    // An id that never left goes out under that id.
    const other = again.newMessageId!('5511911112222');
    await again.send({ to: '5511911112222', body: 'otra', providerMessageId: other });
    expect(fake.last.sent.map((s) => s.options?.messageId)).toEqual([other]);
  });

  it('a group message id chosen beforehand carries our number, as the ids send returns (issue 28 item 1)', async () => {
    const { fake, session } = await connected();
    const id = session.newMessageId!(GROUP);
    expect(id).toMatch(/^3EB0[0-9A-F]{18}:\d+$/);
    expect(await session.send({ to: GROUP, body: 'hola grupo', providerMessageId: id })).toEqual({ providerMessageId: id });
    expect(fake.last.sent[0].options?.messageId).toBe(id.split(':')[0]);
  });

  it('keeps sent copies in the store\'s own sent-message table when it has one, not among the keys (issue 28 item 7)', async () => {
    const kept = new Map<string, string>();
    const store = Object.assign(new MemoryAuthStore(), {
      sent: { keep: async (id: string, v: string) => void kept.set(id, v), read: async (id: string) => kept.get(id) ?? null, prune: async () => undefined },
    });
    const first = await connected({ authStore: store });
    const { providerMessageId } = await first.session.send({ to: '5511911112222', body: 'aparte' });
    await first.session.whenIdle();
    expect([...kept.keys()]).toEqual([providerMessageId]);
    expect([...store.values.keys()].some((k) => k.startsWith('sent-msg-'))).toBe(false);
    await first.session.stop();
    const fake = fakeSocketFactory();
    await new BaileysProvider({ authStore: store, socketFactory: fake.factory }).start(connection, recorder().events);
    expect(await fake.last.config.getMessage?.({ id: providerMessageId })).toEqual({ conversation: 'aparte' });
  });

  it('does not redeliver its own sends when Baileys echoes them', async () => {
    const { fake, rec, session } = await connected();
    const { providerMessageId } = await session.send({ to: '5511911112222', body: 'hello' });
    fake.last.emitUpsert([message({ remoteJid: ALICE, id: providerMessageId, fromMe: true }, { conversation: 'hello' })], 'append');
    await session.whenIdle();
    expect(rec.messages).toEqual([]);
  });
});
