import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { Job, Queue } from 'bullmq';
import {
  AppError,
  COMPANIES,
  CONNECTIONS,
  JOB_QUEUES,
  MESSAGES,
  REALTIME,
  type Companies,
  type Connections,
  type JobQueues,
  type Messages,
  type RealtimePublisher,
} from '@atende/sdk-server';
import { CONTACT_LIST_ITEM_EVENT, type ContactListItemEvent } from '@atende/plugin-campaigns-contract';
import { CONTACT_LISTS_AUDIENCE } from './contact-lists.realtime.js';

export const NUMBER_CHECK_QUEUE = 'campaigns-number-check';
/** Numbers asked of the connection between two live updates (and per query). */
const CHECK_BATCH = 100;

export interface NumberCheckJob {
  companyId: number;
  contactListId: number;
  /** Only these items (a created or renumbered one); without it, every unchecked item of the list. */
  itemIds?: number[];
}

/**
 * Whether each item's number is on WhatsApp (`isWhatsappValid`), asked through the Messages port of the
 * company's connection — the default one when it is connected, otherwise any connected one — in the
 * background, after an item is created or renumbered and after an upload. With no connected connection
 * the items stay unchecked (null); the campaign (issue 15 item 2+) checks what is still unchecked before
 * it sends. A job is not retried: what it left unchecked stays null and is asked again by the next job.
 */
@Injectable()
export class NumberCheck implements OnModuleInit {
  private readonly log = new Logger('CampaignsNumberCheck');
  private queue!: Queue;

  constructor(
    private readonly em: EntityManager,
    @Inject(JOB_QUEUES) private readonly jobs: JobQueues,
    @Inject(MESSAGES) private readonly messages: Messages,
    @Inject(CONNECTIONS) private readonly connections: Connections,
    @Inject(COMPANIES) private readonly companies: Companies,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
  ) {}

  onModuleInit(): void {
    this.queue = this.jobs.queue(NUMBER_CHECK_QUEUE);
    this.jobs.worker(NUMBER_CHECK_QUEUE, (job: Job<NumberCheckJob>) => this.run(job.data), { concurrency: 2 });
  }

  /** Queues a check; a Redis problem is logged, never failing the request that saved the items. */
  request(data: NumberCheckJob): void {
    // A whole-list check waiting or running already covers another one for the same list: no number asked twice.
    const whole = !data.itemIds?.length ? { deduplication: { id: `${data.companyId}:${data.contactListId}` } } : {};
    this.queue.add('check', data, { removeOnComplete: true, removeOnFail: 100, attempts: 1, ...whole }).catch((err: unknown) => {
      this.log.warn(`number check not queued for list ${data.contactListId}: ${err instanceof Error ? err.message : String(err)}`);
    });
  }

  /** Answers how many numbers were checked, or why it stopped. */
  async run({ companyId, contactListId, itemIds }: NumberCheckJob): Promise<{ checked: number; stopped?: string }> {
    if (!(await this.companies.hasPlanFlag(companyId, 'useCampaigns'))) return { checked: 0, stopped: 'no_plan' };
    // The company turned campaigns off after the job was queued: its numbers are not asked.
    if (!(await this.companies.get(companyId))?.campaignsEnabled) return { checked: 0, stopped: 'disabled' };
    const all = await this.connections.list(companyId);
    const usable = [...all.filter((c) => c.isDefault), ...all.filter((c) => !c.isDefault)].find((c) => c.status === 'CONNECTED');
    if (!usable) return { checked: 0, stopped: 'no_connection' };
    const conn = this.em.fork().getConnection();
    let checked = 0;
    let after = 0;
    for (;;) {
      const only = itemIds?.length ? ` and id in (${itemIds.map(() => '?').join(', ')})` : '';
      const rows: { id: number; number: string }[] = await conn.execute(
        `select id, number from contact_list_items
          where company_id = ? and contact_list_id = ? and is_whatsapp_valid is null and id > ?${only}
          order by id limit ${CHECK_BATCH}`,
        [companyId, contactListId, after, ...(itemIds ?? [])],
      );
      if (!rows.length) break;
      for (const row of rows) {
        let valid: boolean;
        try {
          valid = await this.messages.isOnWhatsApp(companyId, usable.id, row.number);
        } catch (err) {
          // A number the kernel refuses as a phone number is not on WhatsApp; anything else (the session
          // went down, the connection is gone) stops this job and leaves the rest unchecked.
          if (err instanceof AppError && err.code === 'ERR_VALIDATION') valid = false;
          else {
            this.log.warn(`number check of list ${contactListId} stopped: ${err instanceof AppError ? err.code : err instanceof Error ? err.message : String(err)}`);
            if (checked) this.told(companyId, contactListId);
            return { checked, stopped: 'connection' };
          }
        }
        // Only while the number is still the one asked about (an edit meanwhile is checked by its own job).
        await conn.execute(`update contact_list_items set is_whatsapp_valid = ?, updated_at = now() where company_id = ? and id = ? and number = ?`, [
          valid,
          companyId,
          row.id,
          row.number,
        ]);
        checked += 1;
      }
      after = rows[rows.length - 1].id;
      this.told(companyId, contactListId);
    }
    return { checked };
  }

  /** One live update per batch rather than one per number. */
  private told(companyId: number, contactListId: number): void {
    this.realtime.toCompany(companyId, CONTACT_LIST_ITEM_EVENT, { action: 'reload', contactListId } satisfies ContactListItemEvent, CONTACT_LISTS_AUDIENCE);
  }
}
