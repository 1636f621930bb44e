import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PLAN_FLAGS, definedFields, type Plan, type PlanInput } from '@atende/core-contract';
import { AppError, REALTIME, type RealtimePublisher } from '@atende/sdk-server';
import { Inject } from '@nestjs/common';
import { CompanySchema } from '../companies/company.entity.js';
import { PlanSchema, type Plan as PlanRow } from './plan.entity.js';
import { PluginRegistry } from '../plugins/plugin-registry.js';
import { readAllPlanFeatures, readPlanFeatures, writePlanFeatures } from './plan-features.js';

/** `features`: the plugins' declared features (absent where the caller did not read them). */
export const toPlanDto = (p: PlanRow, features?: Record<string, boolean>): Plan => ({
  id: p.id,
  name: p.name,
  value: Number(p.value),
  users: p.users,
  connections: p.connections,
  queues: p.queues,
  offered: p.offered,
  trialDays: p.trialDays,
  ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, p[f]])) as Record<(typeof PLAN_FLAGS)[number], boolean>),
  ...(features ? { features } : {}),
});

@Injectable()
export class PlansService {
  constructor(
    private readonly em: EntityManager,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    private readonly registry: PluginRegistry,
  ) {}

  private get featureKeys(): string[] {
    return this.registry.planFeatures.map((f) => f.key);
  }

  async list(): Promise<Plan[]> {
    const plans = await this.em.find(PlanSchema, {}, { orderBy: { value: 'asc', id: 'asc' } });
    const features = await readAllPlanFeatures(this.em, plans.map((p) => p.id), this.featureKeys);
    return plans.map((p) => toPlanDto(p, features.get(p.id)));
  }

  /** A plan as the API answers it, with its declared features. */
  async dto(plan: PlanRow): Promise<Plan> {
    return toPlanDto(plan, await readPlanFeatures(this.em, plan.id, this.featureKeys));
  }

  /** A feature no installed plugin declares cannot be set (400, `features.<name>` `unknown_feature`). */
  private assertDeclared(features: Record<string, boolean> | undefined) {
    const keys = new Set(this.featureKeys);
    const unknown = Object.keys(features ?? {}).filter((k) => !keys.has(k));
    if (unknown.length) throw AppError.validation(unknown.map((k) => ({ path: `features.${k}`, message: 'unknown_feature' })));
  }

  /** Plans a company may sign up for or change to: those offered to tenants, never the platform's own. */
  async publicList(): Promise<Plan[]> {
    const platform = await this.em.findOne(CompanySchema, { isPlatform: true });
    return (await this.list()).filter((p) => p.offered && p.id !== platform?.planId);
  }

  async get(id: number): Promise<PlanRow> {
    const plan = await this.em.findOne(PlanSchema, { id });
    if (!plan) throw AppError.notFound('ERR_NO_PLAN_FOUND');
    return plan;
  }

  async create(input: PlanInput & { value: number; users: number; connections: number; queues: number }): Promise<Plan> {
    await this.assertNameFree(input.name);
    this.assertDeclared(input.features);
    const { features, ...columns } = input;
    // Like the spec's flags, a declared feature the form leaves out is on for a new plan.
    const all = { ...Object.fromEntries(this.featureKeys.map((k) => [k, true])), ...features };
    const plan = await this.em.transactional(async (tx) => {
      const created = tx.create(PlanSchema, columns as never);
      await tx.flush();
      await writePlanFeatures(tx as EntityManager, created.id, all);
      return created;
    });
    const dto = toPlanDto(plan, all);
    this.realtime.toSuperUsers('plan', { action: 'create', plan: dto });
    return dto;
  }

  /** Partial: omitted fields (flags included) keep their values. */
  async update(id: number, input: Partial<PlanInput>): Promise<Plan> {
    const plan = await this.get(id);
    if (input.name !== undefined) await this.assertNameFree(input.name, id);
    if (input.offered) await this.assertNotPlatformPlan(id);
    this.assertDeclared(input.features);
    const { features, ...columns } = input;
    const saved = await this.em.transactional(async (tx) => {
      const row = await tx.findOneOrFail(PlanSchema, { id: plan.id });
      tx.assign(row, definedFields(columns) as never);
      await tx.flush();
      // Partial: only the features named change.
      await writePlanFeatures(tx as EntityManager, id, features ?? {});
      return row;
    });
    const dto = await this.dto(saved);
    this.realtime.toSuperUsers('plan', { action: 'update', plan: dto });
    return dto;
  }

  async remove(id: number): Promise<void> {
    const plan = await this.get(id);
    if (await this.em.count(CompanySchema, { planId: id })) throw AppError.conflict('ERR_PLAN_IN_USE');
    await this.em.remove(plan).flush();
    this.realtime.toSuperUsers('plan', { action: 'delete', planId: id });
  }

  /** The platform's plan (9999 of everything, value 0) is never offered to tenants (issue 27 item 1). */
  private async assertNotPlatformPlan(id: number) {
    if (await this.em.findOne(CompanySchema, { isPlatform: true, planId: id })) {
      throw AppError.validation([{ path: 'offered', message: 'platform_plan' }]);
    }
  }

  private async assertNameFree(name: string, exceptId?: number) {
    const other = await this.em.findOne(PlanSchema, { name, ...(exceptId ? { id: { $ne: exceptId } } : {}) });
    if (other) throw new AppError('ERR_VALIDATION', 409, 'A plan with this name already exists.', [{ path: 'name', message: 'name_in_use' }]);
  }
}
