import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  INBOUND_CHAIN,
  SETTINGS,
  type InboundChainContext,
  type InboundChainMessage,
  type InboundHandler,
  type InboundHandlerResult,
  type Settings,
} from '@atende/sdk-server';
import { SETTING_KEYWORD, SETTING_ANSWER } from './settings.js';

/**
 * Takes part in conversations through the kernel's inbound chain: a customer who writes the keyword
 * (company setting ai.keyword) gets the answer (ai.answer), ahead of the queue bot (lower
 * priority runs first). It claims the ticket only for the moment it answers, then releases it, so the
 * next message goes on to the rest of the chain as usual. See INBOUND_CHAIN in @atende/sdk-server.
 */
@Injectable()
export class AiInboundHandler implements InboundHandler, OnModuleInit, OnModuleDestroy {
  readonly priority = 100;
  private unregister?: () => void;

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  onModuleInit(): void {
    this.unregister = INBOUND_CHAIN.register('ai.keyword', this);
  }

  onModuleDestroy(): void {
    this.unregister?.();
  }

  /** No query here: this runs for every message, before any transaction is opened. */
  appliesTo(m: InboundChainMessage): boolean {
    return !m.fromMe && !m.isGroup && m.mediaType === 'chat';
  }

  async handle(ctx: InboundChainContext): Promise<InboundHandlerResult> {
    const keyword = await this.settings.company(ctx.companyId, SETTING_KEYWORD);
    if (ctx.message.body.trim().toLowerCase() !== keyword.toLowerCase()) return 'pass';
    await ctx.claim({ answeredMessageId: ctx.message.id });
    ctx.reply(await this.settings.company(ctx.companyId, SETTING_ANSWER));
    await ctx.release();
    return 'handled';
  }
}
