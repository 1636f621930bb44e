import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { PlanSummary, Plans } from '@atende/sdk-server';
import { PlanSchema, type Plan } from './plan.entity.js';

const summary = (p: Plan): PlanSummary => ({ id: p.id, name: p.name, value: Number(p.value), users: p.users, connections: p.connections, queues: p.queues, offered: p.offered });

/** The SDK's Plans port: plans are platform-wide (no tenant), read-only for plugins. */
@Injectable()
export class PlansPortService implements Plans {
  constructor(private readonly orm: MikroORM) {}

  async list(): Promise<PlanSummary[]> {
    return (await this.orm.em.fork().find(PlanSchema, {}, { orderBy: { value: 'asc', id: 'asc' } })).map(summary);
  }

  async get(planId: number): Promise<PlanSummary | null> {
    const p = await this.orm.em.fork().findOne(PlanSchema, { id: planId });
    return p ? summary(p) : null;
  }

  async many(planIds: number[]): Promise<PlanSummary[]> {
    const ids = [...new Set(planIds)];
    if (!ids.length) return [];
    return (await this.orm.em.fork().find(PlanSchema, { id: { $in: ids } }, { orderBy: { value: 'asc', id: 'asc' } })).map(summary);
  }
}
