/**
 * An example plugin (issue 11, Proof): it takes part in a conversation through the SDK alone.
 * - A ticket whose first message is "ping" is claimed by its inbound handler (before the queue bot):
 *   "pong" goes back through the Messages port and the ticket is tagged through the Tickets port.
 * - While it holds the ticket it alone sees the customer's messages; the next one makes it let go,
 *   releasing the ticket to the queue chosen in its company setting `example-ping.queueId`.
 * - It counts the pings it answered in its own setting `example-ping.pings` (PLUGIN_CONTEXT.settings: the kernel knows the caller).
 * Its plan flag (useIntegrations) gates all of it: a company without the flag never reaches its
 * handler or its route. Not installed (not in plugins/installed.json): its test builds it and loads
 * it through ATENDE_PLUGINS.
 */
import { Controller, Get, Inject, Injectable, Module, Req, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import {
  INBOUND_CHAIN,
  MESSAGES,
  PLUGIN_CONTEXT,
  TICKETS,
  definePlugin,
  type AuthUser,
  type InboundChainContext,
  type InboundChainMessage,
  type InboundChainTicket,
  type InboundHandler,
  type InboundHandlerResult,
  type Messages,
  type PluginContext,
  type Tickets,
} from '@atende/sdk-server';

const ID = 'example-ping';
const KEY = `${ID}.ping`;
const SETTING = { queueId: `${ID}.queueId`, tagId: `${ID}.tagId`, pings: `${ID}.pings` } as const;

/** An id stored as a setting: '' (none chosen) or a positive integer. */
const optionalId = z.string().regex(/^(|[1-9]\d{0,9})$/, 'an id or nothing');

@Injectable()
class PingHandler implements InboundHandler, OnModuleInit, OnModuleDestroy {
  readonly priority = 100;
  private unregister?: () => void;

  constructor(
    @Inject(MESSAGES) private readonly messages: Messages,
    @Inject(TICKETS) private readonly tickets: Tickets,
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
  ) {}

  onModuleInit(): void {
    this.unregister = INBOUND_CHAIN.register(KEY, this);
  }

  onModuleDestroy(): void {
    this.unregister?.();
  }

  /** Only a customer's "ping" that opened its ticket (held tickets come to the holder anyway). */
  appliesTo(m: InboundChainMessage, t: InboundChainTicket): boolean {
    return !m.fromMe && !m.isGroup && t.created && /^\s*ping\s*$/i.test(m.body);
  }

  async handle(ctx: InboundChainContext): Promise<InboundHandlerResult> {
    const { companyId, ticket } = ctx;
    if (ctx.holder) {
      // The customer's next message: let go, to the queue the company chose (if any).
      const queueId = Number(await this.plugin.settings.company(companyId, SETTING.queueId)) || undefined;
      await ctx.release(queueId ? { queueId } : undefined);
      return 'handled';
    }
    await ctx.claim({ pingedAt: new Date().toISOString() });
    const tagId = Number(await this.plugin.settings.company(companyId, SETTING.tagId)) || undefined;
    const pings = Number(await this.plugin.settings.company(companyId, SETTING.pings)) || 0;
    // Port calls run in their own transactions: after the chain's has committed.
    ctx.afterCommit(async () => {
      await this.messages.sendToTicket(companyId, ticket.id, { body: 'pong', source: ID, correlationId: `ping-${ctx.message.id}` });
      if (tagId) await this.tickets.tag(companyId, ticket.id, [tagId]);
      await this.plugin.settings.setCompany(companyId, SETTING.pings, String(pings + 1));
    });
    return 'handled';
  }
}

@Controller('example-ping')
class PingController {
  constructor(@Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext) {}

  /** How many pings this company's customers sent (a plan without the flag gets 403 before reaching here). */
  @Get('stats')
  async stats(@Req() req: { user: AuthUser }): Promise<{ pings: number }> {
    return { pings: Number(await this.plugin.settings.company(req.user.companyId, SETTING.pings)) || 0 };
  }
}

@Module({ controllers: [PingController], providers: [PingHandler] })
class PingModule {}

export default definePlugin({
  id: ID,
  version: '0.0.1',
  planFlag: 'useIntegrations',
  module: PingModule,
  settings: {
    company: {
      [SETTING.queueId]: { schema: optionalId, default: '' },
      [SETTING.tagId]: { schema: optionalId, default: '' },
      [SETTING.pings]: { schema: z.string().regex(/^\d{1,9}$/), default: '0' },
    },
  },
  manifest: { routes: [], menu: [] },
});
