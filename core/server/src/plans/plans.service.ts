import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PLAN_FLAGS, definedFields, type Plan, type PlanInput } from '@atende/core-contract';
import { AppError, REALTIME, type RealtimePublisher } from '@atende/sdk-server';
import { Inject } from '@nestjs/common';
import { CompanySchema } from '../companies/company.entity.js';
import { PlanSchema, type Plan as PlanRow } from './plan.entity.js';

export const toPlanDto = (p: PlanRow): Plan => ({
  id: p.id,
  name: p.name,
  value: Number(p.value),
  users: p.users,
  connections: p.connections,
  queues: p.queues,
  offered: p.offered,
  trialDays: p.trialDays,
  ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, p[f]])) as Record<(typeof PLAN_FLAGS)[number], boolean>),
});

@Injectable()
export class PlansService {
  constructor(
    private readonly em: EntityManager,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
  ) {}

  async list(): Promise<Plan[]> {
    return (await this.em.find(PlanSchema, {}, { orderBy: { value: 'asc', id: 'asc' } })).map(toPlanDto);
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
    const plan = this.em.create(PlanSchema, input as never);
    await this.em.flush();
    this.realtime.toSuperUsers('plan', { action: 'create', plan: toPlanDto(plan) });
    return toPlanDto(plan);
  }

  /** Partial: omitted fields (flags included) keep their values. */
  async update(id: number, input: Partial<PlanInput>): Promise<Plan> {
    const plan = await this.get(id);
    if (input.name !== undefined) await this.assertNameFree(input.name, id);
    if (input.offered) await this.assertNotPlatformPlan(id);
    this.em.assign(plan, definedFields(input) as never);
    await this.em.flush();
    this.realtime.toSuperUsers('plan', { action: 'update', plan: toPlanDto(plan) });
    return toPlanDto(plan);
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
