import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { ChannelContact, InboundMessage, MessageAuthor } from '@atende/sdk-server';
import { ContactSchema, MessageSchema, TicketSchema, type Message, type Whatsapp } from '../database/channel-entities.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { activeTicket } from './active-ticket.js';
import { DEFAULT_SCHEDULES, MESSAGE_ACK_FAILED, companySettingDefault, type CompanySettingKey, type ScheduleEntry } from '@atende/core-contract';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { isWithinHours } from './business-hours.js';
import { RATING_THANKS } from './ticket-automation.service.js';
import { TicketTimersService } from './ticket-timers.service.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { JobQueuesService } from '../jobs/job-queues.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { OutboundService } from '../messages/outbound.service.js';
import { toMessageDto } from './ticket-dto.js';
import { loadTickets, tagListSql, ticketRowDto, type Exec } from './ticket-dto-sql.js';

export const INBOUND_QUEUE = 'inbound';
/**
 * What a phone book entry must be to be kept (and later imported): a phone number, digits only, 8 to
 * 15 long (the E.164 maximum; the sandbox's numbers follow the same rule). This also keeps out group
 * ids, which are longer (`120363…`, 18 digits) or carry `-` and `@g.us`.
 */
export const PHONE_BOOK_NUMBER = /^\d{8,15}$/;
/** BullMQ job ids may not contain ':'; provider ids are made safe and kept unique per connection. */
export const inboundJobId = (whatsappId: number, providerMessageId: string) =>
  `in-${whatsappId}-${Buffer.from(providerMessageId).toString('base64url')}`;

/** What the pipeline and the bot need of a connection. */
export type BotConnection = Pick<
  Whatsapp,
  'id' | 'companyId' | 'greetingMessage' | 'outOfHoursMessage' | 'maxUseBotQueues' | 'timeUseBotQueues' | 'expiresTicket' | 'transferQueueId' | 'timeToTransfer'
>;

/** The ticket columns the bot reads, fetched with the ticket wherever the pipeline finds or creates it. */
const TICKET_BOT_COLUMNS = ['id', 'status', 'queue_id', 'bot_attempts', 'chatbot', 'queue_option_id', 'bot_started_at'];

export interface InboundJob {
  whatsappId: number;
  companyId: number;
  message: InboundMessage;
  /** Where the message's media was stored, when it had one. */
  mediaUrl?: string;
  /** A call_log of a call the session rejected: the connection answers with CALL_REJECTED_MESSAGE. */
  callRejected?: boolean;
}

/** What the connection writes to a caller whose call was rejected (the `call` setting is not enabled). */
export const CALL_REJECTED_MESSAGE =
  '*Mensaje automático:*\n\nLas llamadas de voz y video no están habilitadas en este WhatsApp. Por favor, envíenos un mensaje de texto. ¡Gracias!';

/**
 * The message's values in the order both inbound insert statements take them: provider id, body,
 * fromMe, media type and url, timestamp, then the ticket's lastMessage (a placeholder for media
 * without caption) and the unread increment.
 */
/** Columns of an inbound message row after company, ticket, contact and connection (see messageValues). */
const MESSAGE_COLUMNS = 'provider_message_id, body, from_me, media_type, media_url, created_at, simulated, participant, participant_name, quoted_msg_id';
/**
 * Placeholders for MESSAGE_COLUMNS. The quoted message (item 20) is looked up by its provider id on
 * the same connection AND the same contact: a customer naming another chat's message id quotes nothing.
 */
const messagePlaceholders = (contactSql: string) =>
  `?, ?, ?, ?, ?, ?, ?, ?, ?, (select q.id from messages q where q.whatsapp_id = ? and q.provider_message_id = ? and q.contact_id = ${contactSql} and q.company_id = ?)`;

function messageValues(m: InboundMessage, mediaUrl: string | null | undefined, whatsappId: number, companyId: number): unknown[] {
  const lastMessage = (m.body || (mediaUrl ? `[${m.mediaType}]` : '')).slice(0, 255);
  // In a group, who wrote it (item 21); our own messages need no name.
  const participant = m.isGroup && !m.fromMe ? m.from : null;
  const participantName = participant ? (m.fromName?.trim().slice(0, 100) ?? null) : null;
  return [
    m.providerMessageId, m.body, m.fromMe, m.mediaType, mediaUrl ?? null, new Date(m.timestamp),
    !!m.simulated, participant, participantName, whatsappId, m.quotedProviderMessageId ?? null, companyId,
    lastMessage, m.fromMe ? 0 : 1,
  ];
}

/** messageValues with the contact id bound where the quoted lookup takes a `?` for it (after the quoted id). */
function withContact(values: unknown[], contactId: number): unknown[] {
  const at = 11; // whatsappId, quoted provider id, then the contact, then companyId
  return [...values.slice(0, at), contactId, ...values.slice(at)];
}

/** Company options the pipeline reads (core-operations §3), with their defaults from the contract. */
const ENGINE_SETTINGS = ['CheckMsgIsGroup', 'scheduleType', 'sendGreetingMessageOneQueues'] as const satisfies readonly CompanySettingKey[];
type EngineSettings = Record<(typeof ENGINE_SETTINGS)[number], string>;

/**
 * The inbound pipeline: contact upsert, ticket found or created under the database constraint
 * (one pending/open ticket per contact and connection), the message stored once per provider id,
 * counters and realtime events. Runs in BullMQ workers, so it must be idempotent: it is.
 */
@Injectable()
export class InboundService implements OnModuleInit {
  private readonly logger = new Logger('Inbound');
  private readonly timeZone: string;
  /** A minute of timeUseBotQueues (shortened in tests, like the ticket timers). */
  private readonly minuteMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly orm: MikroORM,
    private readonly jobs: JobQueuesService,
    private readonly realtime: RealtimeGateway,
    private readonly outbound: OutboundService,
    private readonly timers: TicketTimersService,
    private readonly events: DomainEventsService,
  ) {
    this.timeZone = config.BUSINESS_TIMEZONE;
    this.minuteMs = config.TIMERS_MINUTE_MS;
  }

  onModuleInit() {
    // A job a killed process held is handed again once its lock lapses (15 s), not after BullMQ's 30–60 s.
    this.jobs.worker(INBOUND_QUEUE, (job) => this.process(job.data as InboundJob), { concurrency: 32, lockDuration: 15_000, stalledInterval: 5_000 });
  }

  private em(companyId: number): EntityManager {
    return tenantEm(this.orm, companyId);
  }

  /**
   * The connection's bot options and the company's engine settings (stored value or contract
   * default) in one query; null when the connection was deleted meanwhile.
   */
  private async connection(exec: Exec, companyId: number, whatsappId: number): Promise<{ whatsapp: BotConnection; settings: EngineSettings } | null> {
    const [row] = await exec(
      `select w.id, w.greeting_message, w.out_of_hours_message, w.max_use_bot_queues, w.time_use_bot_queues,
              w.expires_ticket, w.transfer_queue_id, w.time_to_transfer,
              coalesce((select json_object_agg(s.key, s.value) from settings s
                         where s.company_id = w.company_id and s.key in (${ENGINE_SETTINGS.map(() => '?').join(', ')})), '{}'::json) as settings
         from whatsapps w where w.id = ? and w.company_id = ?`,
      [...ENGINE_SETTINGS, whatsappId, companyId],
    );
    if (!row) return null;
    const stored = (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) as Record<string, string>;
    return {
      whatsapp: {
        id: row.id as number,
        companyId,
        greetingMessage: row.greeting_message as string,
        outOfHoursMessage: row.out_of_hours_message as string,
        maxUseBotQueues: row.max_use_bot_queues as number,
        timeUseBotQueues: row.time_use_bot_queues as number,
        expiresTicket: row.expires_ticket as number,
        transferQueueId: (row.transfer_queue_id as number | null) ?? null,
        timeToTransfer: row.time_to_transfer as number,
      },
      settings: Object.fromEntries(ENGINE_SETTINGS.map((k) => [k, stored[k] ?? companySettingDefault(k)])) as EngineSettings,
    };
  }

  /**
   * The hot path, in few round trips: connection and settings (1), then the fast path (1) when the
   * contact already has an active ticket and neither the bot nor a rating request is involved. Else
   * one transaction: contact upsert joined to the active ticket lookup (1), the ticket insert when
   * there is none (1), the message insert with the ticket's counters (1), the bot's own steps when it
   * talks; and afterwards the ticket's DTO (1).
   */
  async process({ whatsappId, companyId, message: m, mediaUrl, callRejected }: InboundJob): Promise<void> {
    const em = this.em(companyId);
    const run: Exec = (sql, params) => em.getConnection().execute(sql, params);
    const found = await this.connection(run, companyId, whatsappId);
    if (!found) return; // connection deleted meanwhile
    const { whatsapp, settings } = found;
    // CheckMsgIsGroup enabled: the company does not serve groups; their messages are dropped unstored.
    if (m.isGroup && settings.CheckMsgIsGroup === 'enabled') return;
    const isCall = m.mediaType === 'call_log';
    const mayRate = !m.fromMe && !m.isGroup && !isCall;
    const fast = await this.fastPath(run, companyId, whatsappId, m, mediaUrl, { botless: isCall || m.isGroup || m.fromMe, mayRate });
    if (fast === 'replay') return;
    if ('ticketRow' in fast) {
      const ticket = em.map(TicketSchema, fast.ticketRow);
      const message = em.map(MessageSchema, fast.messageRow);
      const dto = ticketRowDto(fast.ticketRow);
      this.received(message);
      this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'create', message: toMessageDto(message), ticket: dto });
      this.realtime.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: dto });
      if (isCall && callRejected) await this.outbound.queueText(ticket, CALL_REJECTED_MESSAGE, null);
      await this.timers.arm(ticket, false, whatsapp);
      return;
    }
    // All database work in one transaction, so no screen ever sees a half-routed ticket.
    const done = await em.transactional(async (tx) => {
      const exec: Exec = (sql, params) => tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
      const number = m.isGroup ? m.chatId : m.from;
      const [found] = await exec(
        `with c as (
           insert into contacts (company_id, name, number, is_group, whatsapp_id) values (?, ?, ?, ?, ?)
           on conflict (company_id, number) do update set
             name = case when excluded.name <> excluded.number and (contacts.name = contacts.number or contacts.is_group) then excluded.name else contacts.name end,
             updated_at = now()
           returning id, name, number, (xmax = 0) as inserted
         )
         select c.id as contact_id, c.inserted as contact_inserted, c.name as contact_name, c.number as contact_number, ${TICKET_BOT_COLUMNS.map((col) => `t.${col}`).join(', ')},
                ${mayRate ? `exists (select 1 from ticket_ratings r where r.contact_id = c.id and r.whatsapp_id = ? and r.rate is null and r.created_at > now() - interval '1 day')` : 'false'} as rating_pending
           from c left join tickets t on t.contact_id = c.id and t.whatsapp_id = ? and t.status in ('pending', 'open')`,
        [companyId, m.isGroup ? m.chatName?.trim().slice(0, 100) || m.chatId : m.fromName?.trim() || number, number, m.isGroup, whatsappId, ...(mayRate ? [whatsappId] : []), whatsappId],
      );
      const contactId = found.contact_id as number;
      // Created by this message (here or by the fast path's statement just before): told after the commit.
      const newContact = fast.contactCreated || found.contact_inserted ? { id: contactId, name: found.contact_name as string, number: found.contact_number as string } : null;
      if (found.rating_pending) {
        const rated = await this.captureRating(exec, companyId, contactId, whatsappId, m);
        if (rated) return { ...rated, newContact };
      }
      const { ticket, created } = found.id != null ? { ticket: found, created: false } : await activeTicket(exec, companyId, contactId, whatsappId, m.isGroup, TICKET_BOT_COLUMNS);
      const ticketId = ticket.id as number;
      // The message and the ticket's counters together; a replay inserts nothing and changes nothing.
      const [inserted] = await exec(
        `with m as (
           insert into messages (company_id, ticket_id, contact_id, whatsapp_id, ${MESSAGE_COLUMNS})
           values (?, ?, ?, ?, ${messagePlaceholders('?')})
           on conflict (whatsapp_id, provider_message_id) where provider_message_id is not null do nothing
           returning *
         ), counters as (
           update tickets set last_message = ?, unread_messages = unread_messages + ?, updated_at = now()
            where id = ? and company_id = ? and exists (select 1 from m)
         )
         select * from m`,
        [
          companyId,
          ticketId,
          contactId,
          whatsappId,
          ...withContact(messageValues(m, mediaUrl, whatsappId, companyId), contactId),
          ticketId,
          companyId,
        ],
      );
      if (!inserted) return null; // a replay: already stored, nothing more to do
      // A call is not an answer to the bot; a rejected one gets the call text instead.
      const greeting = isCall
        ? callRejected
          ? CALL_REJECTED_MESSAGE
          : null
        : m.isGroup || m.fromMe
          ? null
          : await this.queueBot(exec, { companyId, ticket, created, whatsapp, body: m.body, settings });
      return { ticketId, message: inserted, greeting, created, queueBefore: (ticket.queue_id as number | null) ?? null, newContact };
    });
    if (!done) return;
    const [loaded] = await loadTickets(run, companyId, [done.ticketId]);
    const ticket = em.map(TicketSchema, loaded.row);
    const message = em.map(MessageSchema, done.message);
    if (done.newContact) {
      this.events.emit('contact.upserted', companyId, { contactId: done.newContact.id, number: done.newContact.number, name: done.newContact.name, created: true });
    }
    // The bot routed an existing ticket into a queue: told like any other ticket change.
    const queueAfter = ticket.queueId ?? null;
    const queueBefore = 'queueBefore' in done ? (done.queueBefore ?? null) : queueAfter;
    if (!done.created && queueBefore !== queueAfter) {
      this.events.emit('ticket.updated', companyId, { ticketId: ticket.id, changes: { queueId: { before: queueBefore, after: queueAfter } } });
    }
    if (done.created) this.events.ticketCreated(ticket);
    this.received(message);
    this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'create', message: toMessageDto(message), ticket: loaded.dto });
    this.realtime.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: loaded.dto });
    if (done.greeting) await this.outbound.queueText(ticket, done.greeting, null);
    if (ticket.status !== 'closed') await this.timers.arm(ticket, done.created, whatsapp);
  }

  /** After the commit: subscribers (plugins, the kernel's own) hear of the stored message. */
  private received(message: Message): void {
    this.events.emit('message.received', message.companyId, {
      messageId: message.id,
      ticketId: message.ticketId,
      contactId: message.contactId ?? null,
      whatsappId: message.whatsappId,
      fromMe: message.fromMe,
      mediaType: message.mediaType,
      body: message.body,
    });
  }

  /**
   * The common case in ONE statement (atomic by itself): contact upsert, the active ticket, the
   * message and the ticket's counters, returning the updated ticket with its DTO's joins and the
   * message. Taken only when nothing else would be written in the same transaction: the ticket
   * exists, no rating request waits, and the bot has nothing to do (an open ticket, or a pending one
   * already in a queue without an options bot; or a call, group or own message). Returns null when it
   * does not apply (nothing stored but the contact), 'replay' for a message already stored.
   */
  private async fastPath(
    run: Exec,
    companyId: number,
    whatsappId: number,
    m: InboundMessage,
    mediaUrl: string | undefined,
    flags: { botless: boolean; mayRate: boolean },
  ): Promise<{ ticketRow: Record<string, unknown>; messageRow: Record<string, unknown> } | 'replay' | { contactCreated: boolean }> {
    const number = m.isGroup ? m.chatId : m.from;
    const [row] = await run(
      `with c as (
         insert into contacts (company_id, name, number, is_group, whatsapp_id) values (?, ?, ?, ?, ?)
         on conflict (company_id, number) do update set
           name = case when excluded.name <> excluded.number and (contacts.name = contacts.number or contacts.is_group) then excluded.name else contacts.name end,
           updated_at = now()
         returning id, name, number, profile_pic_url, (xmax = 0) as inserted
       ), t as (
         select t.id from tickets t join c on t.contact_id = c.id
          where t.company_id = ? and t.whatsapp_id = ? and t.status in ('pending', 'open')
            and (?::boolean or t.status <> 'pending' or (t.queue_id is not null and not t.chatbot))
            and not (?::boolean and exists (select 1 from ticket_ratings r where r.contact_id = c.id and r.whatsapp_id = ? and r.rate is null
                                                                 and r.created_at > now() - interval '1 day'))
       ), m as (
         insert into messages (company_id, ticket_id, contact_id, whatsapp_id, ${MESSAGE_COLUMNS})
         select ?, t.id, c.id, ?, ${messagePlaceholders('c.id')} from t, c
         on conflict (whatsapp_id, provider_message_id) where provider_message_id is not null do nothing
         returning *
       ), u as (
         update tickets set last_message = ?, unread_messages = unread_messages + ?, updated_at = now()
          where company_id = ? and id in (select ticket_id from m)
         returning *
       )
       select (select id from t) as fast_ticket_id, to_json(m) as message_row, u.*, c.inserted as contact_inserted, c.id as contact_id_upserted,
              c.name as contact_name, c.number as contact_number, c.profile_pic_url as contact_pic,
              q.name as queue_name, q.color as queue_color, us.name as user_name, ${tagListSql('u')} as tag_list
         from c left join m on true left join u on true
         left join queues q on q.id = u.queue_id and q.company_id = u.company_id
         left join users us on us.id = u.user_id and us.company_id = u.company_id`,
      [
        companyId,
        m.isGroup ? m.chatName?.trim().slice(0, 100) || m.chatId : m.fromName?.trim() || number,
        number,
        m.isGroup,
        whatsappId,
        companyId,
        whatsappId,
        flags.botless,
        flags.mayRate,
        whatsappId,
        companyId,
        whatsappId,
        ...messageValues(m, mediaUrl, whatsappId, companyId),
        companyId,
      ],
    );
    // Not taken: the slow path runs; a contact this statement created is still news.
    if (row.fast_ticket_id == null) return { contactCreated: !!row.contact_inserted };
    if (row.message_row == null) return 'replay';
    const message = (typeof row.message_row === 'string' ? JSON.parse(row.message_row) : row.message_row) as Record<string, unknown>;
    // JSON carries timestamps as text; the entity wants dates.
    for (const k of ['created_at', 'updated_at']) if (typeof message[k] === 'string') message[k] = new Date(message[k] as string);
    return { ticketRow: row, messageRow: message };
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
       on conflict (whatsapp_id, provider_message_id) where provider_message_id is not null do nothing returning *`,
      [companyId, pending.ticket_id, contactId, whatsappId, m.providerMessageId, m.body, m.mediaType, new Date(m.timestamp)],
    );
    if (!inserted) return null;
    await exec(`update ticket_ratings set rate = ?, rated_at = now() where id = ?`, [Number(rate), pending.id]);
    return { ticketId: pending.ticket_id as number, message: inserted, greeting: RATING_THANKS, created: false };
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

  /**
   * The queue bot (core-operations §3): decides what the connection answers to a customer on a pending
   * ticket without a queue. Returns the text to send after commit, or null.
   * - out of company hours (scheduleType = company): the out-of-hours message, nothing else;
   * - one queue: the ticket goes straight into it with its greeting (no menu);
   * - several queues: greeting plus a numbered menu; a valid number routes the ticket and sends that
   *   queue's greeting; anything else shows the menu again, at most maxUseBotQueues times;
   * - with scheduleType = queue, a queue outside its hours answers with its out-of-hours message.
   * The bot's first answer on a ticket (bot_started_at still null) is its "first contact": usually the
   * ticket's first message, but also the first text after a call opened the ticket. A menu is
   * repeated at most maxUseBotQueues times (0 = no limit) and only within timeUseBotQueues minutes
   * of the first contact (0 = no limit); after either the ticket waits for an agent in silence.
   */
  private async queueBot(
    exec: Exec,
    ctx: { companyId: number; ticket: Record<string, unknown>; created: boolean; whatsapp: BotConnection; body: string; settings: EngineSettings },
  ): Promise<string | null> {
    const { companyId, ticket, created, whatsapp } = ctx;
    const ticketId = ticket.id as number;
    if (ticket.status !== 'pending') return null;
    if (ticket.queue_id != null) return ticket.chatbot && !created ? this.walkOptions(exec, ticketId, ticket, ctx.body) : null;
    const scheduleType = ctx.settings.scheduleType;
    const now = new Date();
    const first = ticket.bot_started_at == null;
    if (first) await exec(`update tickets set bot_started_at = now() where id = ?`, [ticketId]);
    if (first && scheduleType === 'company') {
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
    const enter = async (q: (typeof queues)[number], intro: string | null, greet = true) => {
      await exec(`update tickets set queue_id = ?, bot_attempts = 0 where id = ?`, [q.id, ticketId]);
      if (scheduleType === 'queue' && !isWithinHours(q.schedules, now, this.timeZone)) {
        return q.out_of_hours_message || whatsapp.outOfHoursMessage || null;
      }
      // A queue with an options tree starts the options bot at its roots.
      const roots = await this.options(exec, q.id, null);
      if (roots.length) {
        await exec(`update tickets set chatbot = true, queue_option_id = null where id = ?`, [ticketId]);
        return [greet ? q.greeting_message || intro : null, this.optionsMenu(roots)].filter(Boolean).join('\n\n');
      }
      return greet ? q.greeting_message || intro : null;
    };
    if (queues.length === 0) return first ? whatsapp.greetingMessage || null : null;
    if (queues.length === 1) {
      // sendGreetingMessageOneQueues: with a single queue there is no menu, so greeting is the company's choice.
      // An options tree still shows its menu: without it the customer could not choose.
      return first ? enter(queues[0], whatsapp.greetingMessage || null, ctx.settings.sendGreetingMessageOneQueues === 'enabled') : null;
    }
    const menu = `${whatsapp.greetingMessage}\n\n${queues.map((q, i) => `*${i + 1}* - ${q.name}`).join('\n')}`;
    if (!first) {
      const choice = /^\s*(\d{1,3})\s*$/.exec(ctx.body)?.[1];
      const picked = choice ? queues[Number(choice) - 1] : undefined;
      if (picked) return enter(picked, null);
      // Leave it to an agent: the menu was shown often enough, or for long enough.
      if (whatsapp.maxUseBotQueues > 0 && (ticket.bot_attempts as number) >= whatsapp.maxUseBotQueues) return null;
      const startedAt = new Date(ticket.bot_started_at as string).getTime();
      if (whatsapp.timeUseBotQueues > 0 && now.getTime() - startedAt >= whatsapp.timeUseBotQueues * this.minuteMs) return null;
    }
    await exec(`update tickets set bot_attempts = bot_attempts + 1 where id = ?`, [ticketId]);
    return menu;
  }

  async ack(companyId: number, whatsappId: number, providerMessageId: string, ack: number) {
    let moved = false;
    const m = await this.patchMessage(companyId, whatsappId, providerMessageId, (m) => {
      if (ack === MESSAGE_ACK_FAILED) {
        // WhatsApp could not deliver it (issue 10 item 7): the agent sees it failed, unless it already arrived.
        if (m.fromMe && m.ack < 2) {
          Object.assign(m, { ack: MESSAGE_ACK_FAILED, sendError: 'ERR_SENDING_WAPP_MSG' });
          moved = true;
        }
        return;
      }
      if (ack > m.ack) {
        m.ack = ack; // acks only move forward
        moved = true;
      }
    });
    if (m && moved) {
      this.events.emit('message.ack', companyId, { messageId: m.id, ticketId: m.ticketId, whatsappId, ack: m.ack, source: m.source ?? null, correlationId: m.correlationId ?? null });
    }
  }

  async edit(companyId: number, whatsappId: number, providerMessageId: string, body: string, author: MessageAuthor) {
    await this.patchMessage(companyId, whatsappId, providerMessageId, (m) => {
      m.body = body;
      m.isEdited = true;
    }, author);
  }

  async revoke(companyId: number, whatsappId: number, providerMessageId: string, author: MessageAuthor) {
    await this.patchMessage(companyId, whatsappId, providerMessageId, (m) => {
      m.isDeleted = true;
    }, author);
  }

  /**
   * A contact the session reports (WhatsApp's phone-book sync after linking, or a later name or
   * picture change), in ONE statement:
   * - kept in the connection's phone book (channel_contacts), known contact or not, so that POST
   *   /contacts/import can make contacts of it later;
   * - a company contact with that number takes the reported name (only while its name is still the
   *   bare number) and picture, as before.
   * Screens hear of it only when a contact really changed: a phone book of thousands of numbers the
   * company already knows does not become thousands of events. Only phone numbers are kept (see
   * PHONE_BOOK_NUMBER); group ids, lids and anything else a provider might report are dropped here.
   */
  async contact(companyId: number, whatsappId: number, c: ChannelContact) {
    if (!PHONE_BOOK_NUMBER.test(c.number)) return;
    const [row] = await this.em(companyId)
      .getConnection()
      .execute(
        `with input (company_id, whatsapp_id, number, name, pic) as (
           values (?::int, ?::int, ?::text, nullif(left(btrim(?::text), 100), ''), nullif(?::text, ''))
         ), book as (
           insert into channel_contacts (company_id, whatsapp_id, number, name, profile_pic_url)
           select i.company_id, i.whatsapp_id, i.number, i.name, i.pic
             from input i join whatsapps w on w.id = i.whatsapp_id and w.company_id = i.company_id
           on conflict (whatsapp_id, number) do update set
             name = coalesce(excluded.name, channel_contacts.name),
             profile_pic_url = coalesce(excluded.profile_pic_url, channel_contacts.profile_pic_url),
             updated_at = now()
         )
         update contacts c set
           name = case when c.name = c.number and i.name is not null then i.name else c.name end,
           profile_pic_url = coalesce(i.pic, c.profile_pic_url),
           updated_at = now()
         from input i
         where c.company_id = i.company_id and c.number = i.number
           and ((c.name = c.number and i.name is not null and i.name <> c.number) or (i.pic is not null and c.profile_pic_url <> i.pic))
         returning c.id, c.name, c.number, c.profile_pic_url`,
        [companyId, whatsappId, c.number, c.name ?? null, c.profilePicUrl ?? null],
      );
    if (!row) return;
    this.realtime.toCompany(companyId, 'contact', {
      action: 'update',
      contact: { id: row.id as number, name: row.name as string, number: row.number as string, profilePicUrl: row.profile_pic_url as string },
    });
  }

  /** Only the sender of a message may edit or delete it: ourselves our own, a contact theirs in their chat. */
  private async wroteIt(em: EntityManager, m: { fromMe: boolean; contactId?: number | null }, author: MessageAuthor): Promise<boolean> {
    if (m.fromMe !== author.fromMe) return false;
    if (author.fromMe) return true;
    if (m.contactId == null) return false;
    const contact = await em.findOne(ContactSchema, { id: m.contactId });
    return contact?.number === author.chatId;
  }

  private async patchMessage(
    companyId: number,
    whatsappId: number,
    providerMessageId: string,
    change: (m: { ack: number; body: string; isEdited: boolean; isDeleted: boolean; fromMe: boolean }) => void,
    author?: MessageAuthor,
  ): Promise<Message | undefined> {
    const em = this.em(companyId);
    const m = await em.findOne(MessageSchema, { whatsappId, providerMessageId });
    if (!m) return undefined;
    if (author && !(await this.wroteIt(em, m, author))) {
      this.logger.warn(`ignored an edit or revoke of message ${m.id} by someone who did not write it`);
      return undefined;
    }
    change(m);
    await em.flush();
    const ticket = await em.findOneOrFail(TicketSchema, { id: m.ticketId });
    this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'update', message: toMessageDto(m) });
    return m;
  }
}
