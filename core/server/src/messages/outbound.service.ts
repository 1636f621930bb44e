import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { OUTBOUND_RECHECK_MS, outboundStep } from './outbound-wait.js';
import { MESSAGE_ACK_FAILED } from '@atende/core-contract';
import { isChannelRecipientError, isChannelSendRefusedError, type ChannelSession, type OutboundMedia } from '@atende/sdk-server';
import { ContactSchema } from '../contacts/contact.entity.js';
import { MessageSchema, type Message } from './message.entity.js';
import { TicketSchema, type Ticket } from '../tickets/ticket.entity.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { JobQueuesService } from '../jobs/job-queues.service.js';
import { MediaStore } from '../media/media-store.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { toMessageDto } from '../tickets/ticket-dto.js';
import type { TicketDto } from '@atende/core-contract';
import { loadTickets } from '../tickets/ticket-dto-sql.js';
import { DomainEventsService } from '../events/domain-events.service.js';

/** One BullMQ queue per connection; its worker runs in the process that owns the session. */
export const outboundQueueName = (whatsappId: number) => `outbound-${whatsappId}`;

export interface OutboundJob {
  companyId: number;
  messageId: number;
}

/** Tries per message before it is marked failed (ack -1, ERR_SENDING_WAPP_MSG). */
export const OUTBOUND_ATTEMPTS = 3;

const OUTBOUND_JOB_OPTS = { attempts: OUTBOUND_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: { age: 3600 }, removeOnFail: { age: 86400 } };

export interface OutboundDraft {
  body: string;
  userId: number | null;
  quotedMsgId?: number;
  /** A file already kept by MediaStore (`/api/media/...`). */
  media?: { url: string; mediaType: 'image' | 'audio' | 'video' | 'application'; mediaName: string | null };
  /** Sent through the Messages port: the plugin, and its correlation id. */
  source?: string;
  correlationId?: string;
}

/**
 * Outgoing messages: stored first (ack 0, so the agent sees it at once), then sent by the
 * connection's rate-limited queue; the provider's message id and ack 1 are recorded when it leaves.
 * When every try failed the message is marked failed (ack -1 with sendError) and the screens told.
 */
@Injectable()
export class OutboundService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Outbound');
  private sweep?: NodeJS.Timeout;

  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobQueuesService,
    private readonly realtime: RealtimeGateway,
    private readonly media: MediaStore,
    private readonly events: DomainEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const every = this.config.OUTBOUND_SWEEP_MS;
    this.sweep = setInterval(() => {
      this.requeueUnsent(every)
        .then((n) => n && this.logger.warn(`Queued ${n} outgoing message(s) that were stored but never queued.`))
        .catch((err: Error) => this.logger.error(`Outbound sweep: ${err.message}`));
    }, every);
    this.sweep.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweep);
  }

  async queueText(ticket: Ticket, body: string, userId: number | null, quotedMsgId?: number): Promise<number> {
    return this.queue(ticket, { body, userId, quotedMsgId });
  }

  async queue(ticket: Ticket, draft: OutboundDraft): Promise<number> {
    const message = await this.store(tenantEm(this.orm, ticket.companyId), ticket, draft);
    await this.dispatch(ticket, [message]);
    return message.id;
  }

  /**
   * Stores an outgoing message (ack 0) and the ticket's last message through `em`, which may be a
   * caller's transaction (the inbound chain stores its replies with the chain's changes). Nothing
   * leaves until `dispatch`; a message stored but never dispatched (a crash in between) is queued by
   * the sweep (`requeueUnsent`).
   */
  async store(em: EntityManager, ticket: Pick<Ticket, 'id' | 'companyId' | 'contactId' | 'whatsappId'>, draft: OutboundDraft): Promise<Message> {
    const message = em.create(MessageSchema, {
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      userId: draft.userId,
      body: draft.body,
      fromMe: true,
      read: true,
      ack: 0,
      quotedMsgId: draft.quotedMsgId ?? null,
      mediaType: draft.media?.mediaType ?? 'chat',
      mediaUrl: draft.media?.url ?? null,
      mediaName: draft.media?.mediaName ?? null,
      source: draft.source ?? null,
      correlationId: draft.correlationId ?? null,
    });
    await em.flush();
    const preview = draft.body || (draft.media ? (draft.media.mediaName ?? `[${draft.media.mediaType}]`) : '');
    await em
      .getConnection()
      .execute(`update tickets set last_message = ?, updated_at = now() where id = ? and company_id = ?`, [preview.slice(0, 255), ticket.id, ticket.companyId], 'run', em.getTransactionContext());
    return message;
  }

  /** Hands stored messages to their connection's queue, in order, and shows them on the ticket's screens. */
  async dispatch(ticket: Pick<Ticket, 'id' | 'companyId' | 'whatsappId'>, messages: Message[]): Promise<void> {
    if (!messages.length) return;
    for (const message of messages) await this.enqueue(ticket.companyId, ticket.whatsappId, message.id);
    const em = tenantEm(this.orm, ticket.companyId);
    // The ticket as the lists show it, in one query (this runs for every reply and every bot message).
    const [{ dto }] = await loadTickets((sql, params) => em.getConnection().execute(sql, params), ticket.companyId, [ticket.id]);
    for (const message of messages) {
      const quoted = message.quotedMsgId ? await em.findOne(MessageSchema, { id: message.quotedMsgId }) : null;
      this.realtime.toTicketAudience({ ...dto, companyId: ticket.companyId }, 'appMessage', { action: 'create', message: toMessageDto(message, quoted), ticket: dto });
    }
  }

  /** Many stored messages of one connection on its queue in one call (Messages.sendToNumbers), in id order. */
  async enqueueMany(companyId: number, whatsappId: number, messageIds: readonly number[]): Promise<void> {
    if (!messageIds.length) return;
    await this.jobs.queue(outboundQueueName(whatsappId)).addBulk(
      messageIds.map((messageId) => ({ name: 'send', data: { companyId, messageId } satisfies OutboundJob, opts: { jobId: `out-${messageId}`, ...OUTBOUND_JOB_OPTS } })),
    );
  }

  /**
   * Removes a message's outbound job unless it is running: true when it is gone (removed now, or not
   * there at all), false when it is being sent.
   */
  async unqueue(whatsappId: number, messageId: number): Promise<boolean> {
    const queue = this.jobs.queue(outboundQueueName(whatsappId));
    // 0: locked by a worker (it is leaving), or no such job (then nothing will send it but the sweep, which skips a deleted message).
    if ((await queue.remove(`out-${messageId}`)) === 1) return true;
    return !(await queue.getJob(`out-${messageId}`));
  }

  /** A ticket just created by a plugin's send, on the lists of those who see it. */
  showTicket(companyId: number, dto: TicketDto): void {
    this.realtime.toTicketAudience({ ...dto, companyId }, 'ticket', { action: 'update', ticket: dto });
  }

  /** A stored outgoing message (no quote) on its ticket's screens, as `dispatch` shows it. */
  showMessage(companyId: number, dto: TicketDto, message: Message): void {
    this.realtime.toTicketAudience({ ...dto, companyId }, 'appMessage', { action: 'create', message: toMessageDto(message, null), ticket: dto });
  }

  /** A changed message (deleted, withdrawn) on its ticket's screens, as the agent's delete shows it. */
  showUpdate(ticket: Pick<Ticket, 'id' | 'companyId' | 'queueId' | 'userId'>, message: Message): void {
    this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'update', message: toMessageDto(message, null) });
  }

  /** The job id is the message's: queueing a message twice is a no-op while its job is known. */
  private enqueue(companyId: number, whatsappId: number, messageId: number) {
    return this.jobs.queue(outboundQueueName(whatsappId)).add(
      'send',
      { companyId, messageId } satisfies OutboundJob,
      { jobId: `out-${messageId}`, ...OUTBOUND_JOB_OPTS },
    );
  }

  /**
   * The sweep: outgoing messages stored more than `olderThanMs` ago (and less than a day ago) that
   * never left (ack 0, with or without an id chosen for them), were not marked failed and were not
   * deleted are queued again. A message whose job is
   * still known (waiting, delayed until its session is back, retrying) is left alone; `deliver` skips
   * a message that has left meanwhile. Returns how many were handed over.
   */
  async requeueUnsent(olderThanMs: number): Promise<number> {
    const rows = await this.orm.em.fork().getConnection().execute<{ id: number; company_id: number; whatsapp_id: number }[]>(
      `select m.id, m.company_id, m.whatsapp_id from messages m
         join whatsapps w on w.id = m.whatsapp_id and w.company_id = m.company_id
        where m.from_me and m.ack = 0 and not m.is_deleted
          and m.created_at < now() - make_interval(secs => ?) and m.created_at > now() - interval '1 day'
        order by m.id limit 1000`,
      [olderThanMs / 1000],
    );
    let queued = 0;
    for (const r of rows) {
      if (await this.jobs.queue(outboundQueueName(r.whatsapp_id)).getJob(`out-${r.id}`)) continue;
      const message = await tenantEm(this.orm, r.company_id).findOne(MessageSchema, { id: r.id });
      if (!message) continue;
      // Dispatched as if for the first time: queued, and shown on the screens that never heard of it.
      await this.dispatch({ id: message.ticketId, companyId: r.company_id, whatsappId: r.whatsapp_id }, [message]);
      queued++;
    }
    return queued;
  }

  /**
   * The queue worker's step. A recipient the channel does not know fails at once (no retry); any other
   * error is retried by the queue and, on the last try, marks the message failed.
   */
  async process(job: Job<OutboundJob>, session: () => ChannelSession, link?: { connected: () => boolean; maxWaitMs: number; token?: string }): Promise<void> {
    if (link) {
      const step = outboundStep(link.connected(), job.timestamp, Date.now(), link.maxWaitMs);
      if (step === 'fail') {
        await this.markFailed(job.data, 'ERR_SENDING_WAPP_MSG');
        throw new UnrecoverableError('No connection for too long.');
      }
      if (step === 'wait') {
        // Re-delayed without spending an attempt: the message goes out when the session is back.
        await job.moveToDelayed(Date.now() + OUTBOUND_RECHECK_MS, link.token);
        throw new DelayedError();
      }
    }
    try {
      await this.deliver(job.data, session());
    } catch (err) {
      const invalid = isChannelRecipientError(err);
      // A refusal a retry cannot change (the Cloud API's closed 24-hour window): failed at once, with its own code.
      const refused = isChannelSendRefusedError(err);
      if (refused) await this.markFailed(job.data, err.code);
      else if (invalid || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await this.markFailed(job.data, invalid ? 'ERR_WAPP_INVALID_CONTACT' : 'ERR_SENDING_WAPP_MSG');
      }
      if (invalid || refused) throw new UnrecoverableError(err instanceof Error ? err.message : String(err));
      throw err;
    }
  }

  /**
   * Hands the stored message to the session and records what came back, exactly once (issue 28 item 1):
   * the provider's id is chosen and stored before anything leaves, and the message is sent under it. A
   * retry (the process died, or `send` threw, after the message may have left) finds that id and sends
   * again under it; the provider does not deliver an id twice (the sandbox looks it up; WhatsApp drops a
   * repeated id in a chat, and Baileys first looks in its copies of sent messages). What is left: a
   * provider without `newMessageId` still gets its id only after sending, so a crash in between may send
   * such a message twice.
   */
  async deliver(job: OutboundJob, session: ChannelSession): Promise<void> {
    const em = tenantEm(this.orm, job.companyId);
    const message = await em.findOne(MessageSchema, { id: job.messageId });
    // Deleted meanwhile, already sent (ack 1+), or failed for good (ack -1): nothing to send.
    if (!message || message.isDeleted || message.ack !== 0) return;
    const ticket = await em.findOneOrFail(TicketSchema, { id: message.ticketId });
    const contact = await em.findOneOrFail(ContactSchema, { id: ticket.contactId });
    const quoted = message.quotedMsgId ? await em.findOne(MessageSchema, { id: message.quotedMsgId }) : null;
    if (!message.providerMessageId && session.newMessageId) {
      message.providerMessageId = session.newMessageId(contact.number);
      await em.flush();
    }
    const { providerMessageId } = await session.send({
      to: contact.number,
      body: message.body,
      media: message.mediaUrl ? this.outboundMedia(job.companyId, message.mediaUrl, message.mediaType, message.mediaName) : undefined,
      quotedProviderMessageId: quoted?.providerMessageId ?? undefined,
      quotedBody: quoted?.providerMessageId ? quoted.body : undefined,
      providerMessageId: message.providerMessageId ?? undefined,
      source: message.source ?? undefined,
      correlationId: message.correlationId ?? undefined,
    });
    await this.testPause();
    message.providerMessageId = providerMessageId;
    if (message.ack < 1) message.ack = 1;
    message.sendError = null;
    await em.flush();
    this.events.emit('message.sent', job.companyId, {
      messageId: message.id,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      providerMessageId,
      source: message.source ?? null,
      correlationId: message.correlationId ?? null,
    });
    this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'update', message: toMessageDto(message, quoted) });
  }

  /** Fault tests widen the window between a message leaving and its send being recorded (NODE_ENV=test only). */
  private async testPause(): Promise<void> {
    const ms = this.config.NODE_ENV === 'test' ? this.config.OUTBOUND_TEST_RECORD_DELAY_MS : 0;
    if (ms > 0) await new Promise((r) => setTimeout(r, ms));
  }

  private outboundMedia(companyId: number, url: string, mediaType: string, mediaName: string | null | undefined): OutboundMedia {
    const file = this.media.pathOf(companyId, url);
    if (!file) throw new Error(`Not a media file of this company: ${url}`);
    // Outbound audio is always converted to OGG/Opus on upload, so it goes as a voice note.
    return { path: file, mimetype: this.media.mimetypeOf(url), fileName: mediaName ?? undefined, ptt: mediaType === 'audio', url };
  }

  private async markFailed(job: OutboundJob, code: string): Promise<void> {
    const em = tenantEm(this.orm, job.companyId);
    const message = await em.findOne(MessageSchema, { id: job.messageId });
    // Already sent (ack 1+): a late failure of a retry does not undo it.
    if (!message || message.ack >= 1) return;
    message.ack = MESSAGE_ACK_FAILED;
    message.sendError = code;
    await em.flush();
    const ticket = await em.findOneOrFail(TicketSchema, { id: message.ticketId });
    const quoted = message.quotedMsgId ? await em.findOne(MessageSchema, { id: message.quotedMsgId }) : null;
    this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'update', message: toMessageDto(message, quoted) });
    // Told like a provider's ack: a plugin that sent it (a campaign, a schedule) learns it failed for good.
    this.events.emit('message.ack', job.companyId, {
      messageId: message.id,
      ticketId: message.ticketId,
      whatsappId: ticket.whatsappId,
      ack: message.ack,
      source: message.source ?? null,
      correlationId: message.correlationId ?? null,
    });
  }
}
