import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Queues, QueueSummary } from '@atende/sdk-server';
import { QueueSchema } from './queue.entity.js';
import { tenantEm } from '../tenancy/tenant-filter.js';

/** The SDK's Queues port (read-only, scoped to the company it names). */
@Injectable()
export class QueuesPortService implements Queues {
  constructor(private readonly orm: MikroORM) {}

  async list(companyId: number, queueIds?: number[]): Promise<QueueSummary[]> {
    const ids = queueIds?.filter((id) => Number.isInteger(id) && id > 0);
    if (ids && !ids.length) return [];
    const rows = await tenantEm(this.orm, companyId).find(QueueSchema, { companyId, ...(ids ? { id: { $in: [...new Set(ids)] } } : {}) }, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map((q) => ({ id: q.id, name: q.name, color: q.color }));
  }
}
