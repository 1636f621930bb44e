import { Inject, Injectable } from '@nestjs/common';
import type { ScheduleEntry } from '@atende/core-contract';
import type { InboundChainContext, InboundChainMessage, InboundHandlerResult } from '@atende/sdk-server';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { isWithinHours } from '../../tickets/business-hours.js';
import { botSettings, type BotSettings } from './bot-settings.js';
import { KernelInboundHandler, execIn, fromCustomer, type KernelChainTicket } from './kernel-handler.js';
import { startOptionsTree } from './options-tree.handler.js';

export const QUEUE_BOT_HOLDER = 'kernel.queue-bot';
export interface QueueBotState {
  /** How many times the menu was shown (maxUseBotQueues). */
  attempts: number;
}

type BotQueue = { id: number; name: string; greeting_message: string; out_of_hours_message: string; schedules: ScheduleEntry[] };

/**
 * The queue bot (core-operations §3): what the connection answers a customer on a pending ticket
 * without a queue.
 * - No queue on the connection: the greeting on the first contact, nothing after.
 * - One queue: the ticket is created in it (see activeTicket); the first contact gets its greeting
 *   (sendGreetingMessageOneQueues), its hours and options, no menu.
 * - Several: greeting plus a numbered menu, and the bot holds the ticket; a valid number routes it and
 *   sends that queue's greeting; anything else shows the menu again, at most maxUseBotQueues times
 *   (0 = no limit) and within timeUseBotQueues minutes of the first contact (0 = no limit). After
 *   either the ticket waits for an agent in silence (a valid number still routes it).
 * - With scheduleType = queue, entering a queue outside its hours answers its out-of-hours message.
 * - Entering a queue with an options tree hands the hold to the options tree at its roots.
 * The first contact is the bot's first answer on the ticket (bot_started_at still null): usually its
 * first message, but also the first text after a call opened it.
 */
@Injectable()
export class QueueBotHandler extends KernelInboundHandler {
  readonly key = QUEUE_BOT_HOLDER;
  readonly priority = 930;
  private readonly timeZone: string;
  /** A minute of timeUseBotQueues (shortened in tests, like the ticket timers). */
  private readonly minuteMs: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.timeZone = config.BUSINESS_TIMEZONE;
    this.minuteMs = config.TIMERS_MINUTE_MS;
  }

  /**
   * Its first contact on a pending ticket without a queue, or a ticket it holds (its menu is out). A
   * one-queue connection's ticket is created in that queue: its first contact is still the bot's (the
   * greeting, the queue's hours, its options); handle tells it apart from a ticket put in a queue.
   */
  appliesTo(m: InboundChainMessage, t: KernelChainTicket): boolean {
    if (!fromCustomer(m) || t.status !== 'pending') return false;
    return t.queueId == null ? t.holder === QUEUE_BOT_HOLDER || !t.botStarted : !t.botStarted;
  }

  async handle(ctx: InboundChainContext): Promise<InboundHandlerResult> {
    const { ticket } = ctx;
    if (ticket.status !== 'pending') {
      if (ctx.holder) await ctx.release();
      return 'pass';
    }
    if (!fromCustomer(ctx.message)) return ctx.holder ? 'handled' : 'pass';
    const exec = execIn(ctx);
    const bot = await botSettings(exec, ctx.companyId, ticket);
    if (!bot) return 'pass';
    // In a queue that is not the one it was created in (an agent or a handler put it there): not the bot's.
    // Its first contact is marked as past, so the chain is not opened for the bot on its next messages.
    if (ticket.queueId != null && ticket.queueId !== bot.soleQueueId) {
      if (bot.botStartedAt == null) await exec(`update tickets set bot_started_at = now() where id = ? and company_id = ?`, [ticket.id, ctx.companyId]);
      if (ctx.holder) await ctx.release();
      return 'pass';
    }
    const first = bot.botStartedAt == null;
    // Not the first contact and not holding: the bot already let go (or never spoke): silence.
    if (!first && !ctx.holder) return 'pass';
    if (first) await exec(`update tickets set bot_started_at = now() where id = ? and company_id = ?`, [ticket.id, ctx.companyId]);
    const queues = (await exec(
      `select q.id, q.name, q.greeting_message, q.out_of_hours_message, q.schedules
         from whatsapp_queues wq join queues q on q.id = wq.queue_id and q.company_id = ?
        where wq.whatsapp_id = ? order by q.order_queue asc nulls last, q.name asc`,
      [ctx.companyId, bot.whatsapp.id],
    )) as BotQueue[];

    if (queues.length < 2 && ctx.holder) await ctx.release(); // the menu has nothing to offer any more
    if (queues.length === 0) {
      if (first && bot.whatsapp.greetingMessage) ctx.reply(bot.whatsapp.greetingMessage);
      return 'handled';
    }
    if (queues.length === 1) {
      // sendGreetingMessageOneQueues: with a single queue there is no menu, so the greeting is the company's choice.
      // An options tree still shows its menu: without it the customer could not choose.
      if (first) await this.enter(ctx, bot, queues[0], bot.whatsapp.greetingMessage || null, bot.settings.sendGreetingMessageOneQueues === 'enabled');
      return 'handled';
    }
    const attempts = ((ctx.holder?.state ?? {}) as Partial<QueueBotState>).attempts ?? 0;
    if (!first) {
      const choice = /^\s*(\d{1,3})\s*$/.exec(ctx.message.body)?.[1];
      const picked = choice ? queues[Number(choice) - 1] : undefined;
      if (picked) {
        await this.enter(ctx, bot, picked, null, true);
        return 'handled';
      }
      // The menu was shown often enough, or for long enough: it is not repeated (the ticket waits for an
      // agent in silence) but the bot keeps the hold, so a valid number still routes it.
      const tooOften = bot.whatsapp.maxUseBotQueues > 0 && attempts >= bot.whatsapp.maxUseBotQueues;
      const tooLong = bot.whatsapp.timeUseBotQueues > 0 && Date.now() - (bot.botStartedAt as Date).getTime() >= bot.whatsapp.timeUseBotQueues * this.minuteMs;
      if (tooOften || tooLong) return 'handled';
    }
    await ctx.claim({ attempts: attempts + 1 } satisfies QueueBotState);
    ctx.reply(`${bot.whatsapp.greetingMessage}\n\n${queues.map((q, i) => `*${i + 1}* - ${q.name}`).join('\n')}`);
    return 'handled';
  }

  /** Routes the ticket into `q` and answers: its out-of-hours message, or its greeting and options menu. */
  private async enter(ctx: InboundChainContext, bot: BotSettings, q: BotQueue, intro: string | null, greet: boolean): Promise<void> {
    await ctx.release({ queueId: q.id });
    if (bot.settings.scheduleType === 'queue' && !isWithinHours(q.schedules, new Date(), this.timeZone)) {
      const text = q.out_of_hours_message || bot.whatsapp.outOfHoursMessage;
      if (text) ctx.reply(text);
      return;
    }
    const optionsMenu = await startOptionsTree(ctx, q.id);
    const text = [greet ? q.greeting_message || intro : null, optionsMenu].filter(Boolean).join('\n\n');
    if (text) ctx.reply(text);
  }
}
