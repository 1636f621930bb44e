import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { EntitySchema } from '@mikro-orm/core';
import { AppError } from '@atende/sdk-server';
import { CompanySchema, PlanSchema } from '../database/entities.js';

export type LimitedResource = 'users' | 'connections' | 'queues';

/** Plan limits (users, connections, queues) checked on create; the platform company has none. */
@Injectable()
export class PlanLimitsService {
  constructor(private readonly em: EntityManager) {}

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
