import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { ChannelSession } from '@atende/sdk-server';
import { ContactSchema, MessageSchema, TicketSchema, type Ticket } from '../database/channel-entities.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { JobQueuesService } from '../jobs/job-queues.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { toMessageDto, toTicketDtos } from '../tickets/ticket-dto.js';

/** One BullMQ queue per connection; its worker runs in the process that owns the session. */
export const outboundQueueName = (whatsappId: number) => `outbound-${whatsappId}`;

export interface OutboundJob {
  companyId: number;
  messageId: number;
}

/**
 * Outgoing messages: stored first (ack 0, so the agent sees it at once), then sent by the
 * connection's rate-limited queue; the provider's message id and ack 1 are recorded when it leaves.
 */
@Injectable()
export class OutboundService {
  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobQueuesService,
    private readonly realtime: RealtimeGateway,
  ) {}

  async queueText(ticket: Ticket, body: string, userId: number | null, quotedMsgId?: number): Promise<number> {
    const em = tenantEm(this.orm, ticket.companyId);
    const message = em.create(MessageSchema, {
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      userId,
      body,
      fromMe: true,
      read: true,
      ack: 0,
      quotedMsgId: quotedMsgId ?? null,
    });
    await em.flush();
    await em.getConnection().execute(`update tickets set last_message = ?, updated_at = now() where id = ?`, [body.slice(0, 255), ticket.id]);
    await this.jobs.queue(outboundQueueName(ticket.whatsappId)).add(
      'send',
      { companyId: ticket.companyId, messageId: message.id } satisfies OutboundJob,
      { jobId: `out-${message.id}`, attempts: 3, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: { age: 3600 }, removeOnFail: { age: 86400 } },
    );
    const fresh = await em.findOneOrFail(TicketSchema, { id: ticket.id }, { refresh: true });
    const [dto] = await toTicketDtos(em, [fresh]);
    this.realtime.toTicketAudience(fresh, 'appMessage', { action: 'create', message: toMessageDto(message), ticket: dto });
    return message.id;
  }

  /** The queue worker's step: hand the stored message to the session and record what came back. */
  async deliver(job: OutboundJob, session: ChannelSession): Promise<void> {
    const em = tenantEm(this.orm, job.companyId);
    const message = await em.findOne(MessageSchema, { id: job.messageId });
    if (!message || message.providerMessageId) return; // deleted meanwhile, or already sent
    const ticket = await em.findOneOrFail(TicketSchema, { id: message.ticketId });
    const contact = await em.findOneOrFail(ContactSchema, { id: ticket.contactId });
    const quoted = message.quotedMsgId ? await em.findOne(MessageSchema, { id: message.quotedMsgId }) : null;
    const { providerMessageId } = await session.send({
      to: contact.number,
      body: message.body,
      quotedProviderMessageId: quoted?.providerMessageId ?? undefined,
    });
    message.providerMessageId = providerMessageId;
    if (message.ack < 1) message.ack = 1;
    await em.flush();
    this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'update', message: toMessageDto(message) });
  }
}
