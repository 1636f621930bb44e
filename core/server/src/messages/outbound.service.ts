import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { OUTBOUND_RECHECK_MS, outboundStep } from './outbound-wait.js';
import { MESSAGE_ACK_FAILED } from '@atende/core-contract';
import { isChannelRecipientError, type ChannelSession, type OutboundMedia } from '@atende/sdk-server';
import { ContactSchema } from '../contacts/contact.entity.js';
import { MessageSchema } from './message.entity.js';
import { TicketSchema, type Ticket } from '../tickets/ticket.entity.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { JobQueuesService } from '../jobs/job-queues.service.js';
import { MediaStore } from '../media/media-store.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { toMessageDto } from '../tickets/ticket-dto.js';
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
export class OutboundService {
  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobQueuesService,
    private readonly realtime: RealtimeGateway,
    private readonly media: MediaStore,
    private readonly events: DomainEventsService,
  ) {}

  async queueText(ticket: Ticket, body: string, userId: number | null, quotedMsgId?: number): Promise<number> {
    return this.queue(ticket, { body, userId, quotedMsgId });
  }

  async queue(ticket: Ticket, draft: OutboundDraft): Promise<number> {
    const em = tenantEm(this.orm, ticket.companyId);
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
    await em.getConnection().execute(`update tickets set last_message = ?, updated_at = now() where id = ? and company_id = ?`, [preview.slice(0, 255), ticket.id, ticket.companyId]);
    await this.jobs.queue(outboundQueueName(ticket.whatsappId)).add(
      'send',
      { companyId: ticket.companyId, messageId: message.id } satisfies OutboundJob,
      { jobId: `out-${message.id}`, attempts: OUTBOUND_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: { age: 3600 }, removeOnFail: { age: 86400 } },
    );
    // The ticket as the lists show it, in one query (this runs for every reply and every bot message).
    const [{ dto }] = await loadTickets((sql, params) => em.getConnection().execute(sql, params), ticket.companyId, [ticket.id]);
    const quoted = message.quotedMsgId ? await em.findOne(MessageSchema, { id: message.quotedMsgId }) : null;
    this.realtime.toTicketAudience({ ...dto, companyId: ticket.companyId }, 'appMessage', { action: 'create', message: toMessageDto(message, quoted), ticket: dto });
    return message.id;
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
      if (invalid || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await this.markFailed(job.data, invalid ? 'ERR_WAPP_INVALID_CONTACT' : 'ERR_SENDING_WAPP_MSG');
      }
      if (invalid) throw new UnrecoverableError(err instanceof Error ? err.message : String(err));
      throw err;
    }
  }

  /** Hands the stored message to the session and records what came back. */
  async deliver(job: OutboundJob, session: ChannelSession): Promise<void> {
    const em = tenantEm(this.orm, job.companyId);
    const message = await em.findOne(MessageSchema, { id: job.messageId });
    if (!message || message.providerMessageId || message.isDeleted) return; // deleted meanwhile, or already sent
    const ticket = await em.findOneOrFail(TicketSchema, { id: message.ticketId });
    const contact = await em.findOneOrFail(ContactSchema, { id: ticket.contactId });
    const quoted = message.quotedMsgId ? await em.findOne(MessageSchema, { id: message.quotedMsgId }) : null;
    const { providerMessageId } = await session.send({
      to: contact.number,
      body: message.body,
      media: message.mediaUrl ? this.outboundMedia(job.companyId, message.mediaUrl, message.mediaType, message.mediaName) : undefined,
      quotedProviderMessageId: quoted?.providerMessageId ?? undefined,
      quotedBody: quoted?.providerMessageId ? quoted.body : undefined,
    });
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

  private outboundMedia(companyId: number, url: string, mediaType: string, mediaName: string | null | undefined): OutboundMedia {
    const file = this.media.pathOf(companyId, url);
    if (!file) throw new Error(`Not a media file of this company: ${url}`);
    // Outbound audio is always converted to OGG/Opus on upload, so it goes as a voice note.
    return { path: file, mimetype: this.media.mimetypeOf(url), fileName: mediaName ?? undefined, ptt: mediaType === 'audio', url };
  }

  private async markFailed(job: OutboundJob, code: 'ERR_SENDING_WAPP_MSG' | 'ERR_WAPP_INVALID_CONTACT'): Promise<void> {
    const em = tenantEm(this.orm, job.companyId);
    const message = await em.findOne(MessageSchema, { id: job.messageId });
    if (!message || message.providerMessageId) return;
    message.ack = MESSAGE_ACK_FAILED;
    message.sendError = code;
    await em.flush();
    const ticket = await em.findOneOrFail(TicketSchema, { id: message.ticketId });
    const quoted = message.quotedMsgId ? await em.findOne(MessageSchema, { id: message.quotedMsgId }) : null;
    this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'update', message: toMessageDto(message, quoted) });
  }
}
