import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { EntitySchema } from '@mikro-orm/core';
import { AppError } from '@atende/sdk-server';
import { CompanySchema } from '../companies/company.entity.js';
import { PlanSchema } from '../plans/plan.entity.js';

export type LimitedResource = 'users' | 'connections' | 'queues';

/** First key of the advisory lock taken per (resource, company) while counting and creating. */
const LOCK_KEYS: Record<LimitedResource, number> = { users: 71_001, connections: 71_002, queues: 71_003 };

/**
 * Plan limits (users, connections, queues) checked on create; the platform company has none. The
 * count and the insert run in one transaction holding an advisory lock on (resource, company), so
 * parallel creates are counted one after the other and can never exceed the limit together.
 */
@Injectable()
export class PlanLimitsService {
  constructor(private readonly em: EntityManager) {}

  /** Runs `create` (which must use the request's EntityManager) only if the plan has room, atomically. */
  async createWithin<T>(companyId: number, resource: LimitedResource, entity: EntitySchema, create: () => Promise<T>): Promise<T> {
    return this.em.transactional(async (tx) => {
      await tx.getConnection().execute('select pg_advisory_xact_lock(?, ?)', [LOCK_KEYS[resource], companyId], 'all', tx.getTransactionContext());
      await this.assertCanAdd(companyId, resource, entity);
      return create();
    });
  }

  async assertCanAdd(companyId: number, resource: LimitedResource, entity: EntitySchema): Promise<void> {
    const company = await this.em.findOneOrFail(CompanySchema, { id: companyId });
    if (company.isPlatform) return;
    const plan = company.planId ? await this.em.findOne(PlanSchema, { id: company.planId }) : null;
    const limit = plan?.[resource] ?? 0;
    const count = await this.em.count(entity, { companyId } as never, { filters: { tenant: { companyId } } });
    if (count >= limit) {
      throw new AppError('ERR_PLAN_LIMIT', 403, `Your plan allows ${limit} ${resource}.`, { resource, limit });
    }
  }
}
