import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PLAN_FLAGS, type PlanFlags } from '@atende/core-contract';
import { CompanySchema } from '../companies/company.entity.js';
import { PlanSchema } from '../plans/plan.entity.js';

const NONE: PlanFlags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, false])) as PlanFlags;

@Injectable()
export class CompanyPlanService {
  constructor(private readonly em: EntityManager) {}

  /** The plan flags of a company; a company without a plan has none. The platform company has every flag. */
  async flagsOf(companyId: number): Promise<PlanFlags> {
    // A fork: also called outside any request (domain events delivered by workers).
    const em = this.em.fork();
    const company = await em.findOne(CompanySchema, { id: companyId });
    if (!company) return NONE;
    if (company.isPlatform) return Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) as PlanFlags;
    if (company.planId == null) return NONE;
    const plan = await em.findOne(PlanSchema, { id: company.planId });
    if (!plan) return NONE;
    return Object.fromEntries(PLAN_FLAGS.map((f) => [f, plan[f]])) as PlanFlags;
  }
}
