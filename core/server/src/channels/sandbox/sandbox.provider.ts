import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChannelConnection, ChannelEvents, ChannelProvider, ChannelSession, OutboundMessage } from '@atende/sdk-server';
import { SandboxOutboxSchema } from '../../database/channel-entities.js';

/**
 * A simulated phone for demos, tests and trying bots: it is "connected" as soon as it starts, what
 * Atende sends lands in the sandbox_outbox table (read by GET /api/sandbox/{id}/messages), and what a
 * customer "writes" comes in through POST /api/sandbox/{id}/messages. Nothing lives in memory, so any
 * server process can serve either side.
 */
export class SandboxProvider implements ChannelProvider {
  readonly id = 'sandbox';

  constructor(private readonly orm: MikroORM) {}

  async start(connection: ChannelConnection, events: ChannelEvents): Promise<ChannelSession> {
    events.status('CONNECTED', { number: `sandbox-${connection.id}` });
    const record = async (to: string, body: string) => {
      const providerMessageId = `SBX${randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`;
      const em = this.orm.em.fork();
      em.create(SandboxOutboxSchema, { companyId: connection.companyId, whatsappId: connection.id, toNumber: to, body, providerMessageId });
      await em.flush();
      return providerMessageId;
    };
    return {
      send: async (m: OutboundMessage) => ({ providerMessageId: await record(m.to, m.body) }),
      delete: async () => undefined,
      edit: async () => undefined,
      stop: async () => events.status('DISCONNECTED'),
      logout: async () => events.status('DISCONNECTED'),
    };
  }
}
