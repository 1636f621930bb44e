import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { ChannelContact, InboundMessage } from '@atende/sdk-server';
import { ContactSchema, MessageSchema, TicketSchema, WhatsappSchema, type Whatsapp } from '../database/channel-entities.js';
import { DEFAULT_SCHEDULES, type ScheduleEntry } from '@atende/core-contract';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { isWithinHours } from './business-hours.js';
import { RATING_THANKS } from './ticket-automation.service.js';
import { TicketTimersService } from './ticket-timers.service.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { JobQueuesService } from '../jobs/job-queues.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { OutboundService } from '../messages/outbound.service.js';
import { toMessageDto, toTicketDtos } from './ticket-dto.js';

export const INBOUND_QUEUE = 'inbound';
/** BullMQ job ids may not contain ':'; provider ids are made safe and kept unique per connection. */
export const inboundJobId = (whatsappId: number, providerMessageId: string) =>
  `in-${whatsappId}-${Buffer.from(providerMessageId).toString('base64url')}`;

type Exec = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export interface InboundJob {
  whatsappId: number;
  companyId: number;
  message: InboundMessage;
  /** Where the message's media was stored, when it had one. */
  mediaUrl?: string;
}

/**
 * The inbound pipeline: contact upsert, ticket found or created under the database constraint
 * (one pending/open ticket per contact and connection), the message stored once per provider id,
 * counters and realtime events. Runs in BullMQ workers, so it must be idempotent: it is.
 */
@Injectable()
export class InboundService implements OnModuleInit {
  private readonly logger = new Logger('Inbound');
  private readonly timeZone: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly orm: MikroORM,
    private readonly jobs: JobQueuesService,
    private readonly realtime: RealtimeGateway,
    private readonly outbound: OutboundService,
    private readonly timers: TicketTimersService,
  ) {
    this.timeZone = config.BUSINESS_TIMEZONE;
  }

  onModuleInit() {
    this.jobs.worker(INBOUND_QUEUE, (job) => this.process(job.data as InboundJob), { concurrency: 32 });
  }

  private em(companyId: number): EntityManager {
    return tenantEm(this.orm, companyId);
  }

  async process({ whatsappId, companyId, message: m, mediaUrl }: InboundJob): Promise<void> {
    const em = this.em(companyId);
    const whatsapp = await em.findOne(WhatsappSchema, { id: whatsappId });
    if (!whatsapp) return; // connection deleted meanwhile
    // All database work in one transaction, so no screen ever sees a half-routed ticket.
    const done = await em.transactional(async (tx) => {
      const exec = (sql: string, params: unknown[]) => tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
      const number = m.isGroup ? m.chatId : m.from;
      const [contactRow] = await exec(
        `insert into contacts (company_id, name, number, is_group, whatsapp_id) values (?, ?, ?, ?, ?)
         on conflict (company_id, number) do update set
           name = case when contacts.name = contacts.number and excluded.name <> excluded.number then excluded.name else contacts.name end,
           updated_at = now()
         returning id`,
        [companyId, m.isGroup ? m.chatId : m.fromName?.trim() || number, number, m.isGroup, whatsappId],
      );
      const contactId = contactRow.id as number;
      const rated = m.fromMe || m.isGroup ? null : await this.captureRating(exec, companyId, contactId, whatsappId, m);
      if (rated) return rated;
      const { ticketId, created } = await this.activeTicket(exec, companyId, contactId, whatsappId, m.isGroup);
      const [inserted] = await exec(
        `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_message_id, body, from_me, media_type, media_url, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (whatsapp_id, provider_message_id) where provider_message_id is not null do nothing
         returning id`,
        [companyId, ticketId, contactId, whatsappId, m.providerMessageId, m.body, m.fromMe, m.mediaType, mediaUrl ?? null, new Date(m.timestamp)],
      );
      if (!inserted) return null; // a replay: already stored, nothing more to do
      await exec(`update tickets set last_message = ?, unread_messages = unread_messages + ?, updated_at = now() where id = ?`, [
        (m.body || (mediaUrl ? `[${m.mediaType}]` : '')).slice(0, 255),
        m.fromMe ? 0 : 1,
        ticketId,
      ]);
      const greeting = m.isGroup || m.fromMe ? null : await this.queueBot(exec, { companyId, ticketId, created, whatsapp, body: m.body });
      return { ticketId, messageId: inserted.id as number, greeting, created };
    });
    if (!done) return;
    em.clear();
    const ticket = await em.findOneOrFail(TicketSchema, { id: done.ticketId });
    const message = await em.findOneOrFail(MessageSchema, { id: done.messageId });
    const [dto] = await toTicketDtos(em, [ticket]);
    this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'create', message: toMessageDto(message), ticket: dto });
    this.realtime.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: dto });
    if (done.greeting) await this.outbound.queueText(ticket, done.greeting, null);
    if (ticket.status !== 'closed') await this.timers.arm(ticket, done.created);
  }

  /**
   * After a resolve with userRating on, the customer's next message answers the rating request: 1–5
   * is stored on the closed ticket (message kept there, a thank-you sent); anything else drops the
   * request and the message opens a ticket as usual.
   */
  private async captureRating(exec: Exec, companyId: number, contactId: number, whatsappId: number, m: InboundMessage) {
    const [pending] = await exec(
      `select id, ticket_id from ticket_ratings where contact_id = ? and whatsapp_id = ? and rate is null and created_at > now() - interval '1 day'
       order by id desc limit 1 for update`,
      [contactId, whatsappId],
    );
    if (!pending) return null;
    const rate = /^\s*([1-5])\s*$/.exec(m.body)?.[1];
    if (!rate) {
      await exec(`delete from ticket_ratings where id = ?`, [pending.id]);
      return null;
    }
    const [inserted] = await exec(
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_message_id, body, from_me, media_type, created_at)
       values (?, ?, ?, ?, ?, ?, false, ?, ?)
       on conflict (whatsapp_id, provider_message_id) where provider_message_id is not null do nothing returning id`,
      [companyId, pending.ticket_id, contactId, whatsappId, m.providerMessageId, m.body, m.mediaType, new Date(m.timestamp)],
    );
    if (!inserted) return null;
    await exec(`update ticket_ratings set rate = ?, rated_at = now() where id = ?`, [Number(rate), pending.id]);
    return { ticketId: pending.ticket_id as number, messageId: inserted.id as number, greeting: RATING_THANKS, created: false };
  }

  private options(exec: Exec, queueId: number, parentId: number | null) {
    return exec(
      `select id, title, message, option from queue_options where queue_id = ? and parent_id ${parentId == null ? 'is null' : '= ?'} order by option::int, id`,
      parentId == null ? [queueId] : [queueId, parentId],
    ) as Promise<{ id: number; title: string; message: string; option: string }[]>;
  }

  private optionsMenu(options: { title: string; option: string }[]) {
    return options.map((o) => `*${o.option}* - ${o.title}`).join('\n');
  }

  /**
   * One step down the options tree: a number of the current level sends that option's message and,
   * if it has children, their menu; a leaf ends the bot (an agent takes over). Anything else repeats
   * the current menu.
   */
  private async walkOptions(exec: Exec, ticketId: number, ticket: Record<string, unknown>, body: string): Promise<string | null> {
    const level = await this.options(exec, ticket.queue_id as number, (ticket.queue_option_id as number | null) ?? null);
    if (!level.length) {
      await exec(`update tickets set chatbot = false where id = ?`, [ticketId]);
      return null;
    }
    const picked = level.find((o) => o.option === body.trim());
    if (!picked) return this.optionsMenu(level);
    const children = await this.options(exec, ticket.queue_id as number, picked.id);
    await exec(`update tickets set queue_option_id = ?, chatbot = ? where id = ?`, [picked.id, children.length > 0, ticketId]);
    return [picked.message, children.length ? this.optionsMenu(children) : ''].filter(Boolean).join('\n\n') || null;
  }

  /** The active ticket of a contact on a connection, created if none: a unique index arbitrates races. */
  private async activeTicket(exec: Exec, companyId: number, contactId: number, whatsappId: number, isGroup: boolean) {
    const active = `select id from tickets where contact_id = ? and whatsapp_id = ? and status in ('pending','open')`;
    const [existing] = await exec(active, [contactId, whatsappId]);
    if (existing) return { ticketId: existing.id as number, created: false };
    const [row] = await exec(
      `insert into tickets (company_id, contact_id, whatsapp_id, status, is_group) values (?, ?, ?, 'pending', ?)
       on conflict (contact_id, whatsapp_id) where status in ('pending','open') do nothing returning id`,
      [companyId, contactId, whatsappId, isGroup],
    );
    if (row) return { ticketId: row.id as number, created: true };
    // Another worker created it a moment ago; its row is committed and visible now.
    const [other] = await exec(active, [contactId, whatsappId]);
    return { ticketId: other.id as number, created: false };
  }

  /**
   * The queue bot (core-operations §3): decides what the connection answers to a customer on a pending
   * ticket without a queue. Returns the text to send after commit, or null.
   * - out of company hours (scheduleType = company): the out-of-hours message, nothing else;
   * - one queue: the ticket goes straight into it with its greeting (no menu);
   * - several queues: greeting plus a numbered menu; a valid number routes the ticket and sends that
   *   queue's greeting; anything else shows the menu again, at most maxUseBotQueues times;
   * - with scheduleType = queue, a queue outside its hours answers with its out-of-hours message.
   */
  private async queueBot(
    exec: Exec,
    ctx: { companyId: number; ticketId: number; created: boolean; whatsapp: Whatsapp; body: string },
  ): Promise<string | null> {
    const { companyId, ticketId, created, whatsapp } = ctx;
    const [ticket] = await exec(`select status, queue_id, bot_attempts, chatbot, queue_option_id from tickets where id = ?`, [ticketId]);
    if (ticket.status !== 'pending') return null;
    if (ticket.queue_id != null) return ticket.chatbot && !created ? this.walkOptions(exec, ticketId, ticket, ctx.body) : null;
    const [setting] = await exec(`select value from settings where company_id = ? and key = 'scheduleType'`, [companyId]);
    const scheduleType = (setting?.value as string | undefined) ?? 'disabled';
    const now = new Date();
    if (created && scheduleType === 'company') {
      const [company] = await exec(`select schedules from companies where id = ?`, [companyId]);
      const hours = (company.schedules as ScheduleEntry[])?.length ? (company.schedules as ScheduleEntry[]) : DEFAULT_SCHEDULES;
      if (!isWithinHours(hours, now, this.timeZone)) return whatsapp.outOfHoursMessage || null;
    }
    const queues = (await exec(
      `select q.id, q.name, q.greeting_message, q.out_of_hours_message, q.schedules
         from whatsapp_queues wq join queues q on q.id = wq.queue_id
        where wq.whatsapp_id = ? order by q.order_queue asc nulls last, q.name asc`,
      [whatsapp.id],
    )) as { id: number; name: string; greeting_message: string; out_of_hours_message: string; schedules: ScheduleEntry[] }[];
    const enter = async (q: (typeof queues)[number], intro: string | null) => {
      await exec(`update tickets set queue_id = ?, bot_attempts = 0 where id = ?`, [q.id, ticketId]);
      if (scheduleType === 'queue' && !isWithinHours(q.schedules, now, this.timeZone)) {
        return q.out_of_hours_message || whatsapp.outOfHoursMessage || null;
      }
      // A queue with an options tree starts the options bot at its roots.
      const roots = await this.options(exec, q.id, null);
      if (roots.length) {
        await exec(`update tickets set chatbot = true, queue_option_id = null where id = ?`, [ticketId]);
        return [q.greeting_message || intro, this.optionsMenu(roots)].filter(Boolean).join('\n\n');
      }
      return q.greeting_message || intro;
    };
    if (queues.length === 0) return created ? whatsapp.greetingMessage || null : null;
    if (queues.length === 1) return created ? enter(queues[0], whatsapp.greetingMessage || null) : null;
    const menu = `${whatsapp.greetingMessage}\n\n${queues.map((q, i) => `*${i + 1}* - ${q.name}`).join('\n')}`;
    if (!created) {
      const choice = /^\s*(\d{1,3})\s*$/.exec(ctx.body)?.[1];
      const picked = choice ? queues[Number(choice) - 1] : undefined;
      if (picked) return enter(picked, null);
      if ((ticket.bot_attempts as number) >= whatsapp.maxUseBotQueues) return null; // leave it to an agent
    }
    await exec(`update tickets set bot_attempts = bot_attempts + 1 where id = ?`, [ticketId]);
    return menu;
  }

  async ack(companyId: number, whatsappId: number, providerMessageId: string, ack: number) {
    await this.patchMessage(companyId, whatsappId, providerMessageId, (m) => {
      if (ack > m.ack) m.ack = ack; // acks only move forward
    });
  }

  async edit(companyId: number, whatsappId: number, providerMessageId: string, body: string) {
    await this.patchMessage(companyId, whatsappId, providerMessageId, (m) => {
      m.body = body;
      m.isEdited = true;
    });
  }

  async revoke(companyId: number, whatsappId: number, providerMessageId: string) {
    await this.patchMessage(companyId, whatsappId, providerMessageId, (m) => {
      m.isDeleted = true;
    });
  }

  async contact(companyId: number, whatsappId: number, c: ChannelContact) {
    const em = this.em(companyId);
    const row = await em.findOne(ContactSchema, { number: c.number });
    if (!row) return;
    if (c.name && row.name === row.number) row.name = c.name;
    if (c.profilePicUrl) row.profilePicUrl = c.profilePicUrl;
    await em.flush();
    this.realtime.toCompany(companyId, 'contact', { action: 'update', contact: { id: row.id, name: row.name, number: row.number, profilePicUrl: row.profilePicUrl } });
    void whatsappId;
  }

  private async patchMessage(companyId: number, whatsappId: number, providerMessageId: string, change: (m: { ack: number; body: string; isEdited: boolean; isDeleted: boolean }) => void) {
    const em = this.em(companyId);
    const m = await em.findOne(MessageSchema, { whatsappId, providerMessageId });
    if (!m) return;
    change(m);
    await em.flush();
    const ticket = await em.findOneOrFail(TicketSchema, { id: m.ticketId });
    this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'update', message: toMessageDto(m) });
  }
}
