import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { ChannelContact, InboundChainMessage, InboundMessage, MessageAuthor } from '@atende/sdk-server';
import { MESSAGE_ACK_FAILED, companySettingDefault } from '@atende/core-contract';
import { type Whatsapp } from '../connections/whatsapp.entity.js';
import { ContactSchema } from '../contacts/contact.entity.js';
import { MessageSchema, type Message } from '../messages/message.entity.js';
import { TicketSchema } from './ticket.entity.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { InboundChainService, type ChainOutcome } from '../inbound/inbound-chain.service.js';
import { ChangeFeed } from '../database/change-feed.js';
import { FeedCache } from '../database/feed-cache.js';
import { preparedRows } from '../database/prepared.js';
import { CONTACT_NAME_ON_CONFLICT, FastPathBatcher, contactName, lastMessageOf, messageRowOf } from './inbound-fast-path.js';
import { heldSql } from '../inbound/ticket-holder.js';
import type { KernelChainTicket } from '../inbound/handlers/kernel-handler.js';
import { activeTicket } from './active-ticket.js';
import { contactDto } from '../contacts/contact-dto.js';
import { TicketTimersService } from './ticket-timers.service.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { JobQueuesService } from '../jobs/job-queues.service.js';
import { REDIS } from '../jobs/redis.js';
import { redisNamespace } from '../jobs/namespace.js';
import { StreamInbox } from '../jobs/stream-inbox.js';
import { isDatabaseUnavailable } from '../database/unavailable.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { OutboundService } from '../messages/outbound.service.js';
import { toMessageDto } from './ticket-dto.js';
import { messageOf } from '../messages/message-row.js';
import { loadTickets, ticketRowDto, ticketSummaryOf, type Exec } from './ticket-dto-sql.js';

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

/** What the pipeline needs of a connection: its ticket timers (the bot handlers read their own options). */
export type PipelineConnection = Pick<Whatsapp, 'id' | 'companyId' | 'expiresTicket' | 'transferQueueId' | 'timeToTransfer'>;

export interface InboundJob {
  whatsappId: number;
  companyId: number;
  message: InboundMessage;
  /** Where the message's media was stored, when it had one. */
  mediaUrl?: string;
  /** A call_log of a call the session rejected: the connection answers with CALL_REJECTED_MESSAGE. */
  callRejected?: boolean;
}

/** An edit or revoke of a stored message, queued on the inbound queue under this job name. */
export const PATCH_JOB = 'patch';
export interface PatchJob {
  companyId: number;
  whatsappId: number;
  providerMessageId: string;
  kind: 'edit' | 'revoke';
  body?: string;
  author: MessageAuthor;
}

/** What the connection writes to a caller whose call was rejected (the `call` setting is not enabled). */
export const CALL_REJECTED_MESSAGE =
  '*Mensaje automático:*\n\nLas llamadas de voz y video no están habilitadas en este WhatsApp. Por favor, envíenos un mensaje de texto. ¡Gracias!';

/** Columns of an inbound message row after company, ticket, contact and connection (see messageValues). */
const MESSAGE_COLUMNS = 'provider_message_id, body, from_me, media_type, media_url, created_at, simulated, participant, participant_name, quoted_msg_id';
/**
 * Placeholders for MESSAGE_COLUMNS. The quoted message (item 20) is looked up by its provider id on
 * the same connection AND the same contact: a customer naming another chat's message id quotes nothing.
 * Typed, because in the fast path's INSERT … SELECT PostgreSQL cannot infer a parameter's type.
 */
const messagePlaceholders = (contactSql: string) =>
  `?::text, ?::text, ?::boolean, ?::text, ?::text, ?::timestamptz, ?::boolean, ?::text, ?::text, (select q.id from messages q where q.whatsapp_id = ? and q.provider_message_id = ? and q.contact_id = ${contactSql} and q.company_id = ?)`;

/**
 * The message's values in the order both inbound insert statements take them: provider id, body,
 * fromMe, media type and url, timestamp, then the ticket's lastMessage (a placeholder for media
 * without caption) and the unread increment.
 */
function messageValues(m: InboundMessage, mediaUrl: string | null | undefined, whatsappId: number, companyId: number): unknown[] {
  const lastMessage = lastMessageOf(m, mediaUrl);
  // In a group, who wrote it (item 21); our own messages need no name.
  const participant = m.isGroup && !m.fromMe ? m.from : null;
  const participantName = participant ? (m.fromName?.trim().slice(0, 100) ?? null) : null;
  return [
    m.providerMessageId, m.body, m.fromMe, m.mediaType, mediaUrl ?? null, new Date(m.timestamp),
    !!m.simulated, participant, participantName, whatsappId, m.quotedProviderMessageId ?? null, companyId,
    lastMessage, m.fromMe ? 0 : 1,
  ];
}

/**
 * The ack an inbound message is stored with. Our own message reported by the channel (typed on the
 * phone or WhatsApp Web) has left already: 1 (sent). At 0 it would read as one of ours stored and not
 * sent yet (its provider id chosen before the send), and the outbound sweep would send it again.
 */
export const inboundAck = (fromMe: boolean): 0 | 1 => (fromMe ? 1 : 0);

/** messageValues with the contact id bound where the quoted lookup takes a `?` for it (after the quoted id). */
function withContact(values: unknown[], contactId: number): unknown[] {
  const at = 11; // whatsappId, quoted provider id, then the contact, then companyId
  return [...values.slice(0, at), contactId, ...values.slice(at)];
}

/** The ticket's new lastMessage and unread increment for a message (the tail of messageValues). */
const counterValues = (m: InboundMessage, mediaUrl: string | null | undefined) => messageValues(m, mediaUrl, 0, 0).slice(-2);

/**
 * The contact of an inbound message, inserted or found (company, name, number, is_group, whatsapp_id):
 * a reported name replaces one that is still the bare number (or a group's); `inserted` tells a new one.
 */
const contactUpsertSql = (extraColumns: string) => `
  insert into contacts (company_id, name, number, is_group, whatsapp_id) values (?, ?, ?, ?, ?)
  ${CONTACT_NAME_ON_CONFLICT}
  returning id, name, number, ${extraColumns}(xmax = 0) as inserted`;


/** A stored inbound message with the ticket it landed on (a row of `tickets.*` with the DTO's joins). */
interface Stored {
  ticketRow: Record<string, unknown>;
  messageRow: Record<string, unknown>;
  created: boolean;
  newContact: { id: number; name: string; number: string } | null;
}



const held = (row: Record<string, unknown>) =>
  row.holder != null && (row.held_until == null || new Date(row.held_until as string).getTime() > Date.now()) ? (row.holder as string) : null;

function chainTicket(row: Record<string, unknown>, created: boolean): KernelChainTicket {
  return { ...ticketSummaryOf(row), isGroup: row.is_group as boolean, created, holder: held(row), botStarted: row.bot_started_at != null };
}

/**
 * The inbound pipeline and nothing else (issue 11 item 2): contact upsert, the ticket it lands on
 * (a closed ticket whose holder waits for this contact, e.g. a rating request; else the active
 * ticket, found or created under the database constraint), the message stored once per provider id
 * with the ticket's counters, committed; then the inbound handler chain (the kernel's bot, options
 * tree, rating and out-of-hours answers are handlers on it, like any plugin's); then the events,
 * realtime updates, the chain's replies and the ticket timers. Runs in BullMQ workers, so it must be
 * idempotent: a replay stores nothing again, and runs the chain only if a crash came before it.
 */
@Injectable()
export class InboundService implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobQueuesService,
    private readonly realtime: RealtimeGateway,
    private readonly outbound: OutboundService,
    private readonly timers: TicketTimersService,
    private readonly events: DomainEventsService,
    private readonly chain: InboundChainService,
    private readonly feed: ChangeFeed,
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.inbox = new StreamInbox(redis, `${redisNamespace(config)}:inbound-inbox`, this.logger);
    // Rows of several companies in one statement: each row carries its company_id (the pool, not a tenant's em).
    this.fastPaths = new FastPathBatcher((sql, params) => preparedRows(this.orm.em, sql, params));
    this.connections = new FeedCache(feed, { maxAgeMs: 60_000, maxEntries: 10_000 });
    feed.on('w', (id) => this.connections.forgetWhere((c) => c.whatsapp.id === id));
    feed.on('s', (companyId) => this.connections.forgetWhere((c) => c.whatsapp.companyId === companyId));
  }

  private readonly logger = new Logger('Inbound');
  /** What `connection` read, kept while the change feed vouches for it (a connection or its company's settings changing makes it go). */
  private readonly connections: FeedCache<string, { whatsapp: PipelineConnection; ignoreGroups: boolean }>;

  /**
   * Inbound messages, kept until stored (issue 13 item 1): a Redis stream read in batches, each
   * conversation's messages in the order they came, many conversations at once (see StreamInbox).
   */
  readonly inbox: StreamInbox<InboundJob>;
  private readonly fastPaths: FastPathBatcher;

  onModuleInit() {
    // Edits and revokes stay BullMQ jobs (retried until their message is stored), and so do inbound jobs
    // queued by a version before the stream inbox. A job a killed process held is handed again once its
    // lock lapses (15 s), not after BullMQ's 30–60 s.
    this.jobs.worker(INBOUND_QUEUE, (job) => (job.name === PATCH_JOB ? this.patch(job.data as PatchJob) : this.process(job.data as InboundJob)), {
      concurrency: 8,
      lockDuration: 15_000,
      stalledInterval: 5_000,
    });
  }

  /** Once every plugin registered its chain handlers: a message must not reach a chain missing some. */
  onApplicationBootstrap(): void {
    this.inbox.start((job) => this.process(job), {
      keyOf: (job) => `${job.whatsappId}:${job.message.chatId}`,
      concurrency: 32,
      batch: 64,
      attempts: 5,
      backoffMs: 500,
      // A database outage is waited out, not counted (issue 28 item 4): the entry runs, chain included, once it is back.
      waitOut: isDatabaseUnavailable,
      // An entry a killed process held is handed again after this long.
      claimIdleMs: 15_000,
    });
  }

  /** Messages taken are finished; those not taken yet wait in Redis for the next process. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.inbox.close();
  }

  private em(companyId: number): EntityManager {
    return tenantEm(this.orm, companyId);
  }

  /**
   * The connection's ticket timers and whether the company serves groups; null when the connection was
   * deleted meanwhile. From memory when known (no query on the hot path).
   */
  private connection(exec: Exec, companyId: number, whatsappId: number): Promise<{ whatsapp: PipelineConnection; ignoreGroups: boolean } | null> {
    return this.connections.get(`${companyId}/${whatsappId}`, () => this.readConnection(exec, companyId, whatsappId));
  }

  private async readConnection(exec: Exec, companyId: number, whatsappId: number): Promise<{ whatsapp: PipelineConnection; ignoreGroups: boolean } | null> {
    const [row] = await exec(
      `select w.id, w.expires_ticket, w.transfer_queue_id, w.time_to_transfer,
              (select s.value from settings s where s.company_id = w.company_id and s.key = 'CheckMsgIsGroup') as check_groups
         from whatsapps w where w.id = ? and w.company_id = ?`,
      [whatsappId, companyId],
    );
    if (!row) return null;
    return {
      whatsapp: {
        id: row.id as number,
        companyId,
        expiresTicket: row.expires_ticket as number,
        transferQueueId: (row.transfer_queue_id as number | null) ?? null,
        timeToTransfer: row.time_to_transfer as number,
      },
      ignoreGroups: ((row.check_groups as string | null) ?? companySettingDefault('CheckMsgIsGroup')) === 'enabled',
    };
  }

  /**
   * The hot path, in few round trips: connection (0 when known, else 1), then the fast path (1, shared with the messages
   * processed at the same moment: see FastPathBatcher) when the contact already
   * has an active ticket and no closed ticket of theirs is held. Else one transaction: contact upsert
   * joined to the ticket lookups (1), the ticket insert when there is none (1), the message insert with
   * the ticket's counters (1); and afterwards the ticket's DTO (1). The chain opens a transaction only
   * when the ticket is held or a handler applies to it.
   */
  async process({ whatsappId, companyId, message: m, mediaUrl, callRejected }: InboundJob): Promise<void> {
    // The tenant's entity manager only when a path needs one: forking it per message was ~2 % of the
    // inbound CPU, and the fast path runs raw SQL that carries company_id (issue 37 item 1).
    let forked: EntityManager | undefined;
    const em = () => (forked ??= this.em(companyId));
    const run: Exec = (sql, params) => this.orm.em.getConnection().execute(sql, params);
    const found = await this.connection(run, companyId, whatsappId);
    if (!found) return; // connection deleted meanwhile
    // CheckMsgIsGroup enabled: the company does not serve groups; their messages are dropped unstored.
    if (m.isGroup && found.ignoreGroups) return;
    // A held closed ticket (a rating request) waits only for the customer's own 1:1 messages.
    const mayBeHeld = !m.fromMe && !m.isGroup && m.mediaType !== 'call_log';
    // The common case, gathered with the other messages being processed into one statement (see FastPathBatcher).
    const fast = await this.fastPaths.submit({ companyId, whatsappId, message: m, mediaUrl, mayBeHeld });
    let stored: Stored | null;
    if (fast === 'replay') stored = null;
    else if ('ticketRow' in fast) stored = { ...fast, created: false, newContact: null };
    else stored = await this.store(em(), companyId, whatsappId, m, mediaUrl, mayBeHeld, fast.contactCreated);
    if (!stored) return this.replayed(companyId, whatsappId, m, found.whatsapp);

    const chained = await this.runChain(em, companyId, whatsappId, stored.messageRow, stored.ticketRow, stored.created, m, mediaUrl);
    const { outcome, replies, created } = chained;
    let ticketRow = chained.ticketRow;
    if (!chained.fresh) ticketRow = (await loadTickets(run, companyId, [ticketRow.id as number]))[0].row;
    // Plain objects, not entities: this runs once per message (see messageOf).
    const ticket = { ...ticketSummaryOf(ticketRow), companyId };
    const message = messageOf(stored.messageRow);
    const dto = ticketRowDto(ticketRow);

    if (stored.newContact) {
      this.events.emit('contact.upserted', companyId, { contactId: stored.newContact.id, number: stored.newContact.number, name: stored.newContact.name, created: true });
    }
    if (created) this.events.ticketCreated(ticket);
    else this.chainMoved(companyId, ticket.id, outcome.changes);
    this.received(message);
    this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'create', message: toMessageDto(message), ticket: dto });
    this.realtime.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: dto });
    if (m.mediaType === 'call_log' && callRejected) await this.outbound.queueText(await em().findOneOrFail(TicketSchema, { id: ticket.id }), CALL_REJECTED_MESSAGE, null);
    await this.answer(replies);
    if (ticket.status !== 'closed') await this.timers.arm(ticket, created, found.whatsapp);
  }

  /**
   * The chain for a stored message; when it landed on a closed ticket whose holder passed it on (not a
   * rating after all), it moves to the conversation's active ticket and the chain runs there.
   */
  private async runChain(
    em: () => EntityManager,
    companyId: number,
    whatsappId: number,
    messageRow: Record<string, unknown>,
    ticketRow: Record<string, unknown>,
    created: boolean,
    m: InboundMessage,
    mediaUrl: string | undefined,
  ) {
    let outcome = await this.chain.run(companyId, this.chainMessage(messageRow, m), chainTicket(ticketRow, created));
    let replies = outcome.replies;
    let fresh = !outcome.changed;
    if (ticketRow.status === 'closed' && !outcome.handled) {
      const moved = await this.moveToActive(em(), companyId, whatsappId, messageRow.id as number, m, mediaUrl);
      ticketRow = moved.ticketRow;
      created = moved.created;
      messageRow.ticket_id = ticketRow.id;
      outcome = await this.chain.run(companyId, this.chainMessage(messageRow, m), chainTicket(ticketRow, created));
      replies = [...replies, ...outcome.replies];
      fresh = !outcome.changed;
    }
    return { outcome, replies, ticketRow, created, fresh };
  }

  private chainMessage(row: Record<string, unknown>, m: InboundMessage): InboundChainMessage {
    return { id: row.id as number, body: m.body, mediaType: m.mediaType, fromMe: m.fromMe, isGroup: m.isGroup };
  }

  /**
   * A handler moved an existing ticket (into a queue, to a user): told like any other ticket change,
   * and sockets that may no longer see it leave its room.
   */
  private chainMoved(companyId: number, ticketId: number, changes: ChainOutcome['changes']): void {
    if (!Object.keys(changes).length) return;
    this.events.emit('ticket.updated', companyId, { ticketId, changes });
    if (changes.queueId || changes.userId) void this.realtime.recheckTicketRoom(ticketId).catch(() => undefined);
  }

  /** The chain's replies (stored with the chain's changes), handed to their connection's queue, ticket by ticket. */
  private async answer(replies: Message[]): Promise<void> {
    for (const ticketId of new Set(replies.map((r) => r.ticketId))) {
      const mine = replies.filter((r) => r.ticketId === ticketId);
      await this.outbound.dispatch({ id: ticketId, companyId: mine[0].companyId, whatsappId: mine[0].whatsappId }, mine);
    }
  }

  /**
   * A message already stored (a retried job, a provider's replay). When a crash came between storing it
   * and its chain, the chain runs now; otherwise there is nothing to do.
   */
  private async replayed(companyId: number, whatsappId: number, m: InboundMessage, whatsapp: PipelineConnection): Promise<void> {
    const em = this.em(companyId);
    const run: Exec = (sql, params) => em.getConnection().execute(sql, params);
    // Only a message stored in the last minutes: a crash's retry comes within them; a provider re-sending
    // an old message (history sync) must not wake the bot against today's ticket.
    const [row] = await run(
      `select to_json(m) as message_row, m.chained, t.* from messages m join tickets t on t.id = m.ticket_id and t.company_id = m.company_id
        where m.whatsapp_id = ? and m.provider_message_id = ? and m.company_id = ? and m.updated_at > now() - interval '10 minutes'`,
      [whatsappId, m.providerMessageId, companyId],
    );
    if (!row || row.chained) return;
    const { outcome, replies, ticketRow } = await this.runChain(() => em, companyId, whatsappId, messageRowOf(row.message_row), row, false, m, undefined);
    if (!outcome.changed && !replies.length && ticketRow.id === row.id) return;
    const [loaded] = await loadTickets(run, companyId, [ticketRow.id as number]);
    const ticket = em.map(TicketSchema, loaded.row);
    this.chainMoved(companyId, ticket.id, outcome.changes);
    this.realtime.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: loaded.dto });
    await this.answer(replies);
    await this.timers.arm(ticket, false, whatsapp);
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
   * The slow path, one transaction: the contact, the ticket the message lands on (a held closed ticket,
   * else the active one, created when there is none) and the message with the ticket's counters (a
   * closed ticket's are left alone). Null for a replay.
   */
  private async store(em: EntityManager, companyId: number, whatsappId: number, m: InboundMessage, mediaUrl: string | undefined, mayBeHeld: boolean, contactCreated: boolean): Promise<Stored | null> {
    const done = await em.transactional(async (tx) => {
      const exec: Exec = (sql, params) => tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
      const number = m.isGroup ? m.chatId : m.from;
      const [found] = await exec(
        `with c as (${contactUpsertSql('')})
         select c.id as contact_id, c.inserted as contact_inserted, c.name as contact_name, c.number as contact_number, t.id as active_id,
                (select h.id from tickets h where ?::boolean and h.contact_id = c.id and h.whatsapp_id = ? and h.company_id = ? and h.status = 'closed' and ${heldSql('h')}
                  order by h.id desc limit 1) as held_id
           from c left join tickets t on t.contact_id = c.id and t.whatsapp_id = ? and t.company_id = ? and t.status in ('pending', 'open')`,
        [companyId, contactName(m, number), number, m.isGroup, whatsappId, mayBeHeld, whatsappId, companyId, whatsappId, companyId],
      );
      const contactId = found.contact_id as number;
      // Created by this message (here or by the fast path's statement just before): told after the commit.
      const newContact = contactCreated || found.contact_inserted ? { id: contactId, name: found.contact_name as string, number: found.contact_number as string } : null;
      let ticketId = (found.held_id ?? found.active_id) as number | null;
      let created = false;
      if (ticketId == null) ({ ticket: { id: ticketId }, created } = (await activeTicket(exec, companyId, contactId, whatsappId, m.isGroup, ['id'])) as { ticket: { id: number }; created: boolean });
      // The message and the ticket's counters together; a replay inserts nothing and changes nothing.
      const [inserted] = await exec(
        `with m as (
           insert into messages (company_id, ticket_id, contact_id, whatsapp_id, ${MESSAGE_COLUMNS}, ack)
           values (?, ?, ?, ?, ${messagePlaceholders('?')}, ${inboundAck(m.fromMe)})
           on conflict (whatsapp_id, provider_message_id) where provider_message_id is not null do nothing
           returning *
         ), counters as (
           update tickets set last_message = ?, unread_messages = unread_messages + ?, updated_at = now()
            where id = ? and company_id = ? and status <> 'closed' and exists (select 1 from m)
         )
         select * from m`,
        [companyId, ticketId, contactId, whatsappId, ...withContact(messageValues(m, mediaUrl, whatsappId, companyId), contactId), ticketId, companyId],
      );
      return inserted ? { ticketId: ticketId as number, messageRow: inserted, created, newContact } : null;
    });
    if (!done) return null;
    const [loaded] = await loadTickets((sql, params) => em.getConnection().execute(sql, params), companyId, [done.ticketId]);
    return { ticketRow: loaded.row, messageRow: done.messageRow, created: done.created, newContact: done.newContact };
  }

  /** A message its closed ticket's holder passed on goes to the contact's active ticket (found or created), with the counters. */
  private async moveToActive(em: EntityManager, companyId: number, whatsappId: number, messageId: number, m: InboundMessage, mediaUrl: string | undefined) {
    const moved = await em.transactional(async (tx) => {
      const exec: Exec = (sql, params) => tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
      const [msg] = await exec(`select contact_id from messages where id = ? and company_id = ?`, [messageId, companyId]);
      const { ticket, created } = await activeTicket(exec, companyId, msg.contact_id as number, whatsappId, false, ['id']);
      await exec(`update messages set ticket_id = ?, chained = null where id = ? and company_id = ?`, [ticket.id, messageId, companyId]);
      await exec(`update tickets set last_message = ?, unread_messages = unread_messages + ?, updated_at = now() where id = ? and company_id = ?`, [
        ...counterValues(m, mediaUrl),
        ticket.id,
        companyId,
      ]);
      return { ticketId: ticket.id as number, created };
    });
    const [loaded] = await loadTickets((sql, params) => em.getConnection().execute(sql, params), companyId, [moved.ticketId]);
    return { ticketRow: loaded.row, created: moved.created };
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
    if (m && m !== 'missing' && moved) {
      this.events.emit('message.ack', companyId, { messageId: m.id, ticketId: m.ticketId, whatsappId, ack: m.ack, source: m.source ?? null, correlationId: m.correlationId ?? null });
    }
  }

  /**
   * An edit or a revoke the channel reported, handled as a job of the inbound queue (see PatchJob): a
   * message not stored yet (its own job still queued or retried) makes the job throw, so it is tried
   * again a moment later instead of the change being lost.
   */
  async patch({ companyId, whatsappId, providerMessageId, author, ...change }: PatchJob): Promise<void> {
    const applied = await this.patchMessage(
      companyId,
      whatsappId,
      providerMessageId,
      (m) => {
        if (change.kind === 'revoke') m.isDeleted = true;
        else Object.assign(m, { body: change.body ?? m.body, isEdited: true });
      },
      author,
    );
    if (applied === 'missing') throw new Error(`message ${providerMessageId} of connection ${whatsappId} is not stored yet`);
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
         returning c.*`,
        [companyId, whatsappId, c.number, c.name ?? null, c.profilePicUrl ?? null],
      );
    if (!row) return;
    // The whole contact, as every `contact` event carries it (a list replacing its row loses nothing).
    this.realtime.toCompany(companyId, 'contact', { action: 'update', contact: contactDto(this.em(companyId).map(ContactSchema, row)) });
  }

  /**
   * Only the sender of a message may edit or delete it: ourselves our own, a contact theirs in their
   * chat, and in a group the member who wrote it (the chat alone is every member's: issue 27 item 8).
   */
  private async wroteIt(em: EntityManager, m: { fromMe: boolean; contactId?: number | null; participant?: string | null }, author: MessageAuthor): Promise<boolean> {
    if (m.fromMe !== author.fromMe) return false;
    if (author.fromMe) return true;
    if (m.contactId == null) return false;
    const contact = await em.findOne(ContactSchema, { id: m.contactId });
    if (!contact || contact.number !== author.chatId) return false;
    // A group's message without its participant (stored before item 21) cannot be proven anyone's.
    return !contact.isGroup || (!!m.participant && m.participant === author.participant);
  }

  private async patchMessage(
    companyId: number,
    whatsappId: number,
    providerMessageId: string,
    change: (m: { ack: number; body: string; isEdited: boolean; isDeleted: boolean; fromMe: boolean }) => void,
    author?: MessageAuthor,
  ): Promise<Message | 'missing' | undefined> {
    const em = this.em(companyId);
    const m = await em.findOne(MessageSchema, { whatsappId, providerMessageId });
    if (!m) return 'missing';
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
