import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { AppError, containsPattern, type Companies, type CompanyQuery, type CompanyTerms, type OfferedPlan } from '@atende/sdk-server';
import { CompanySchema, type Company } from './company.entity.js';
import { PlanSchema } from '../plans/plan.entity.js';
import { CompaniesService } from './companies.service.js';
import { CompanyPlanService } from '../platform/company-plan.service.js';
import type { PlanFeature } from '@atende/core-contract';
import { outsideChain } from '../inbound/chain-scope.js';

const terms = (c: Company): CompanyTerms => ({
  id: c.id,
  name: c.name,
  planId: c.planId ?? null,
  dueDate: c.dueDate?.toISOString() ?? null,
  status: c.status,
  campaignsEnabled: c.campaignsEnabled,
  email: c.email ?? null,
  recurrence: c.recurrence,
  referralCode: c.referralCode,
  referredById: c.referredById ?? null,
  isPlatform: c.isPlatform,
  createdAt: c.createdAt.toISOString(),
  credits: c.credits ?? 0,
});

/** The SDK's Companies port (the companies service announces the changes it makes). */
@Injectable()
export class CompaniesPortService implements Companies {
  constructor(
    private readonly orm: MikroORM,
    private readonly companies: CompaniesService,
    private readonly plans: CompanyPlanService,
  ) {}

  async hasPlanFlag(companyId: number, flag: PlanFeature): Promise<boolean> {
    if (!(await this.orm.em.fork().findOne(CompanySchema, { id: companyId }))) return false;
    return (await this.plans.flagsOf(companyId))[flag] === true;
  }

  async offeredPlans(): Promise<OfferedPlan[]> {
    const em = this.orm.em.fork();
    const platform = await em.findOne(CompanySchema, { isPlatform: true });
    const plans = await em.find(PlanSchema, { offered: true }, { orderBy: { value: 'asc', id: 'asc' } });
    return plans
      .filter((p) => p.id !== platform?.planId)
      .map((p) => ({ id: p.id, name: p.name, value: Number(p.value), users: p.users, connections: p.connections, queues: p.queues }));
  }

  async get(companyId: number): Promise<CompanyTerms | null> {
    const c = await this.orm.em.fork().findOne(CompanySchema, { id: companyId });
    return c ? terms(c) : null;
  }

  async list(query: CompanyQuery): Promise<CompanyTerms[]> {
    const where: Record<string, unknown> = {};
    if (query.ids) where.id = { $in: [...new Set(query.ids)] };
    if (query.referredBy !== undefined) where.referredById = query.referredBy;
    if (query.search) where.name = { $ilike: containsPattern(query.search) };
    if (query.dueBy !== undefined) {
      const at = new Date(query.dueBy);
      if (Number.isNaN(at.getTime())) throw AppError.validation([{ path: 'dueBy', message: 'invalid_date' }]);
      Object.assign(where, { isPlatform: false, status: true, dueDate: { $ne: null, $lte: at } });
    }
    const rows = await this.orm.em.fork().find(CompanySchema, where, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return rows.map(terms);
  }

  referrals(companyId: number): Promise<CompanyTerms[]> {
    return this.list({ referredBy: companyId });
  }

  async adjustCredits(companyId: number, delta: number, options: { em?: EntityManager } = {}): Promise<number | null> {
    if (!Number.isInteger(delta)) throw AppError.validation([{ path: 'amount', message: 'not_integer' }]);
    const em = options.em ?? this.orm.em.fork();
    // One statement: the row lock it takes serialises concurrent spends, and the condition keeps credits >= 0.
    const [row] = (await em.getConnection().execute(
      `update companies set credits = credits + ?, updated_at = now() where id = ? and credits + ? >= 0 returning credits`,
      [delta, companyId, delta],
      'all',
      em.getTransactionContext(),
    )) as { credits: number }[];
    return row ? Number(row.credits) : null;
  }

  async setDueDate(companyId: number, dueDate: string, by: { source: string; reason?: string }): Promise<CompanyTerms> {
    outsideChain('Companies.setDueDate');
    const at = new Date(dueDate);
    if (Number.isNaN(at.getTime())) throw AppError.validation([{ path: 'dueDate', message: 'invalid_date' }]);
    return this.change(companyId, by, async (em, c) => {
      if (c.isPlatform) throw new AppError('ERR_PLATFORM_COMPANY', 400);
      c.dueDate = at;
      return 'dueDate';
    });
  }

  async setPlan(companyId: number, planId: number, by: { source: string; reason?: string }): Promise<CompanyTerms> {
    outsideChain('Companies.setPlan');
    return this.change(companyId, by, async (em, c) => {
      const platform = await em.findOne(CompanySchema, { isPlatform: true });
      if (!(await em.findOne(PlanSchema, { id: planId })) || (!c.isPlatform && platform?.planId === planId)) throw AppError.notFound('ERR_NO_PLAN_FOUND');
      c.planId = planId;
      return 'planId';
    });
  }

  /** Locks the company row, applies the change and its audit row together, then tells everyone. */
  private async change(companyId: number, by: { source: string; reason?: string }, apply: (em: EntityManager, c: Company) => Promise<'dueDate' | 'planId'>): Promise<CompanyTerms> {
    if (!/^[a-z][a-z0-9-]*$/.test(by.source)) throw AppError.validation([{ path: 'source', message: 'plugin_id_required' }]);
    const em = this.orm.em.fork();
    const { company, before } = await em.transactional(async (tx) => {
      const c = await tx.findOne(CompanySchema, { id: companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!c) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
      const was = { dueDate: c.dueDate?.toISOString() ?? null, planId: c.planId ?? null, status: c.status };
      const field = await apply(tx, c);
      await tx.flush();
      const value = (x: string | number | null) => (x === null ? null : String(x));
      await tx
        .getConnection()
        .execute(
          `insert into company_changes (company_id, source, field, before, after, reason) values (?, ?, ?, ?, ?, ?)`,
          [c.id, by.source, field, value(was[field]), value(field === 'dueDate' ? (c.dueDate?.toISOString() ?? null) : (c.planId ?? null)), by.reason?.slice(0, 255) ?? null],
          'run',
          tx.getTransactionContext(),
        );
      return { company: c, before: was };
    });
    this.companies.announceChanges(company, before);
    await this.companies.announceUpdate(company, em);
    return terms(company);
  }
}
