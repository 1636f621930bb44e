import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_SCHEDULES, type ScheduleEntry } from '@atende/core-contract';
import type { InboundChainContext, InboundChainMessage, InboundHandlerResult } from '@atende/sdk-server';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { isWithinHours } from '../../tickets/business-hours.js';
import { botSettings } from './bot-settings.js';
import { KernelInboundHandler, execIn, fromCustomer, type KernelChainTicket } from './kernel-handler.js';
import { QUEUE_BOT_HOLDER, type QueueBotState } from './queue-bot.handler.js';

/**
 * The out-of-hours answer (core-operations §3, scheduleType = company): a customer's first contact on
 * a new pending ticket outside the company's hours gets the connection's out-of-hours message and
 * nothing else (the queue bot stays silent). Within hours it passes the message to the queue bot.
 * The per-queue hours (scheduleType = queue) are the queue bot's: they apply on entering a queue.
 */
@Injectable()
export class OutOfHoursHandler extends KernelInboundHandler {
  readonly key = 'kernel.out-of-hours';
  readonly priority = 910;
  private readonly timeZone: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.timeZone = config.BUSINESS_TIMEZONE;
  }

  /** A new ticket has no queue, or the connection's only one (it is created there): handle checks which. */
  appliesTo(m: InboundChainMessage, t: KernelChainTicket): boolean {
    return fromCustomer(m) && t.status === 'pending' && !t.botStarted;
  }

  async handle(ctx: InboundChainContext): Promise<InboundHandlerResult> {
    const exec = execIn(ctx);
    const bot = await botSettings(exec, ctx.companyId, ctx.ticket);
    // Only the bot's first contact on the ticket, and only with company hours.
    if (!bot || bot.botStartedAt || bot.settings.scheduleType !== 'company') return 'pass';
    if (ctx.ticket.queueId != null && ctx.ticket.queueId !== bot.soleQueueId) return 'pass';
    const hours = bot.companySchedules.length ? bot.companySchedules : (DEFAULT_SCHEDULES as ScheduleEntry[]);
    if (isWithinHours(hours, new Date(), this.timeZone)) return 'pass';
    await exec(`update tickets set bot_started_at = now() where id = ? and company_id = ?`, [ctx.ticket.id, ctx.companyId]);
    if (bot.whatsapp.outOfHoursMessage) ctx.reply(bot.whatsapp.outOfHoursMessage);
    // The customer's next message goes to the queue bot as if its menu had been shown once before.
    await ctx.handOver(QUEUE_BOT_HOLDER, { attempts: 0 } satisfies QueueBotState);
    return 'handled';
  }
}
