import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { WhatsappSchema, type Whatsapp } from '../connections/whatsapp.entity.js';
import { TicketSchema } from './ticket.entity.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { JobQueuesService } from '../jobs/job-queues.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { OutboundService } from '../messages/outbound.service.js';
import { toTicketDtos } from './ticket-dto.js';
import { DomainEventsService } from '../events/domain-events.service.js';

export const TIMERS_QUEUE = 'ticket-timers';

interface TimerJob {
  kind: 'transfer' | 'expire';
  companyId: number;
  ticketId: number;
}

/**
 * Delayed jobs on tickets (BullMQ, so they survive restarts): the automatic transfer to the
 * connection's transferQueueId after timeToTransfer minutes when no queue was chosen, and closing a
 * ticket inactive for expiresTicket minutes with the expiresInactiveMessage.
 */
@Injectable()
export class TicketTimersService implements OnModuleInit {
  private readonly logger = new Logger('TicketTimers');
  private readonly minuteMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly orm: MikroORM,
    private readonly jobs: JobQueuesService,
    private readonly realtime: RealtimeGateway,
    private readonly outbound: OutboundService,
    private readonly events: DomainEventsService,
  ) {
    this.minuteMs = config.TIMERS_MINUTE_MS;
  }

  onModuleInit() {
    this.jobs.worker(TIMERS_QUEUE, (job) => this.run(job.data as TimerJob), { concurrency: 4 });
  }

  /**
   * Called for each message on a ticket: (re)arms its timers from the connection's settings (read
   * here unless the caller already has them).
   */
  async arm(
    ticket: { id: number; companyId: number; whatsappId: number },
    created: boolean,
    connection?: Pick<Whatsapp, 'transferQueueId' | 'timeToTransfer' | 'expiresTicket'>,
  ): Promise<void> {
    const w = connection ?? (await tenantEm(this.orm, ticket.companyId).findOne(WhatsappSchema, { id: ticket.whatsappId }));
    if (!w) return;
    if (!(w.transferQueueId && w.timeToTransfer > 0 && created) && w.expiresTicket <= 0) return; // nothing to arm
    const queue = this.jobs.queue(TIMERS_QUEUE);
    const data = (kind: TimerJob['kind']): TimerJob => ({ kind, companyId: ticket.companyId, ticketId: ticket.id });
    if (created && w.transferQueueId && w.timeToTransfer > 0) {
      await queue.add('transfer', data('transfer'), { jobId: `transfer-${ticket.id}`, delay: w.timeToTransfer * this.minuteMs, removeOnComplete: true });
    }
    if (w.expiresTicket > 0) {
      // Any activity restarts the inactivity clock: drop the pending job and schedule a new one.
      await queue.remove(`expire-${ticket.id}`).catch(() => 0);
      await queue.add('expire', data('expire'), { jobId: `expire-${ticket.id}`, delay: w.expiresTicket * this.minuteMs, removeOnComplete: true });
    }
  }

  private async run(job: TimerJob): Promise<void> {
    const em = tenantEm(this.orm, job.companyId);
    const ticket = await em.findOne(TicketSchema, { id: job.ticketId });
    if (!ticket) return;
    const w = await em.findOneOrFail(WhatsappSchema, { id: ticket.whatsappId });
    const statusBefore = ticket.status;
    if (job.kind === 'transfer') {
      // Only if nobody routed or took it meanwhile.
      if (ticket.status !== 'pending' || ticket.queueId != null || !w.transferQueueId) return;
      ticket.queueId = w.transferQueueId;
    } else {
      if (ticket.status === 'closed' || w.expiresTicket <= 0) return;
      const left = w.expiresTicket * this.minuteMs - (Date.now() - ticket.updatedAt.getTime());
      if (left > 50) {
        // The ticket changed meanwhile (a transfer, say): wait for the rest of the quiet period.
        await this.jobs.queue(TIMERS_QUEUE).add('expire', job, { jobId: `expire-${ticket.id}-${Date.now()}`, delay: left, removeOnComplete: true });
        return;
      }
      ticket.status = 'closed';
    }
    // Moved or closed by the timer: whoever held it on the inbound chain lets go (as with any transition).
    Object.assign(ticket, { holder: null, holderState: null, heldUntil: null });
    await em.flush();
    this.events.emit('ticket.updated', ticket.companyId, {
      ticketId: ticket.id,
      changes: job.kind === 'transfer' ? { queueId: { before: null, after: ticket.queueId ?? null } } : { status: { before: statusBefore, after: 'closed' } },
    });
    if (job.kind === 'expire' && w.expiresInactiveMessage.trim() && !ticket.isGroup) {
      await this.outbound.queueText(ticket, w.expiresInactiveMessage, null);
    }
    const [dto] = await toTicketDtos(em, [ticket]);
    this.realtime.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: dto });
    // Moved into a queue: sockets that may no longer see it leave its room (as after any transfer).
    if (job.kind === 'transfer') void this.realtime.recheckTicketRoom(ticket.id).catch(() => undefined);
    this.logger.log(`Ticket ${ticket.id}: ${job.kind === 'transfer' ? `moved to queue ${ticket.queueId}` : 'closed for inactivity'}`);
  }
}
