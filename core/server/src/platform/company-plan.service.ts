import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PLAN_FLAGS, type PlanFlags } from '@atende/core-contract';
import { CompanySchema } from '../companies/company.entity.js';
import { PlanSchema } from '../plans/plan.entity.js';
import { PluginRegistry } from '../plugins/plugin-registry.js';
import { readPlanFeatures } from '../plans/plan-features.js';

@Injectable()
export class CompanyPlanService {
  constructor(
    private readonly em: EntityManager,
    private readonly registry: PluginRegistry,
  ) {}

  /** Every feature set to `on`: the spec's flags and the features installed plugins declare. */
  private all(on: boolean): PlanFlags {
    const keys = [...PLAN_FLAGS, ...this.registry.planFeatures.map((f) => f.key)];
    return Object.fromEntries(keys.map((f) => [f, on])) as PlanFlags;
  }

  /**
   * The plan features of a company: the spec's flags (columns of plans) and the plugins' declared
   * features (rows of plan_features). A company without a plan has none; the platform company has all.
   */
  async flagsOf(companyId: number): Promise<PlanFlags> {
    // A fork: also called outside any request (domain events delivered by workers).
    const em = this.em.fork();
    const company = await em.findOne(CompanySchema, { id: companyId });
    if (!company) return this.all(false);
    if (company.isPlatform) return this.all(true);
    if (company.planId == null) return this.all(false);
    const plan = await em.findOne(PlanSchema, { id: company.planId });
    if (!plan) return this.all(false);
    const declared = this.registry.planFeatures.map((f) => f.key);
    const features = declared.length ? await readPlanFeatures(em, plan.id, declared) : {};
    return { ...this.all(false), ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, plan[f]])) as PlanFlags), ...features };
  }
}
