import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { DisconnectReason } from '@whiskeysockets/baileys';
import type { ChannelEvents } from '@atende/sdk-server';
import { BaileysProvider } from './baileys.provider.js';
import { MemoryAuthStore } from './auth-store.js';
import { fakeSocketFactory } from './fake-socket.js';
import { channelLogger } from './logger.js';

describe('channel logs (issue 10 item 4)', () => {
  it('terminal disconnects leave a line with the connection and company ids; Baileys gets a warn-level child', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const fake = fakeSocketFactory();
    const noop = () => undefined;
    const events: ChannelEvents = { status: noop, message: async () => undefined, ack: noop, edit: noop, revoke: noop, contact: noop, call: noop };
    const provider = new BaileysProvider({ authStore: new MemoryAuthStore(), socketFactory: fake.factory, logger: channelLogger('log', sink) });
    await provider.start({ id: 12, companyId: 34, name: 'main' }, events);
    await new Promise<void>((r) => process.nextTick(r));
    expect(fake.last.config.logger?.level).toBe('warn');
    fake.last.emitOpen('5511999990000:7@s.whatsapp.net');
    fake.last.emitClose(DisconnectReason.loggedOut);
    await new Promise((r) => setTimeout(r, 50));
    const line = lines.find((l) => String(l.msg).includes('logged out'));
    expect(line).toMatchObject({ connection: 12, company: 34, service: 'channels', reason: 'logged_out' });
  });
});
