import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JOB_QUEUES, type JobQueues } from '@atende/sdk-server';
import { CompanyOpsService } from './company-ops.service.js';
import { InvoicesService } from './invoices.service.js';

export const INVOICES_QUEUE = 'billing-invoices';
const EVERY_MS = 60 * 60_000;

/**
 * The invoice generator as a BullMQ job scheduler: hourly (one schedule shared by every server, by its
 * id) plus once at boot. Generation is idempotent (unique company + due date), so overlapping runs are harmless.
 */
@Injectable()
export class InvoicesJob implements OnApplicationBootstrap {
  private readonly log = new Logger('billing');
  constructor(
    @Inject(JOB_QUEUES) private readonly jobs: JobQueues,
    private readonly invoices: InvoicesService,
    private readonly ops: CompanyOpsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const queue = this.jobs.queue(INVOICES_QUEUE);
    this.jobs.worker(INVOICES_QUEUE, async () => {
      const reconciled = await this.ops.reconcile();
      const created = await this.invoices.generate();
      if (created) this.log.log(`Generated ${created} invoice(s)`);
      return { created, reconciled };
    });
    // In the background: an unreachable Redis must not hold the boot (the health check then says so); both calls
    // are idempotent and run again at the next start.
    void (async () => {
      await queue.upsertJobScheduler('billing-invoices-hourly', { every: EVERY_MS }, { name: 'generate', opts: { removeOnComplete: 100, removeOnFail: 100 } });
      await queue.add('generate', {}, { removeOnComplete: 100, removeOnFail: 100 });
    })().catch((err: unknown) => this.log.error(`scheduling invoice generation failed: ${(err as Error).message}`));
  }
}
