import { Inject, Injectable } from '@nestjs/common';
import { COMPANIES, PLANS, type Companies, type CompanyTerms, type PlanSummary, type Plans } from '@atende/sdk-server';

/** A company's commercial terms with its plan, as billing's rules read them. */
export interface CompanyRow {
  id: number;
  name: string;
  email: string | null;
  plan_id: number | null;
  due_date: Date | null;
  recurrence: string;
  referral_code: string;
  referred_by_id: number | null;
  is_platform: boolean;
  created_at: Date;
  plan_name: string | null;
  plan_value: string | null;
  users: number | null;
  connections: number | null;
  queues: number | null;
}

const row = (c: CompanyTerms, p: PlanSummary | null): CompanyRow => ({
  id: c.id,
  name: c.name,
  email: c.email,
  plan_id: c.planId,
  due_date: c.dueDate ? new Date(c.dueDate) : null,
  recurrence: c.recurrence,
  referral_code: c.referralCode,
  referred_by_id: c.referredById,
  is_platform: c.isPlatform,
  created_at: new Date(c.createdAt),
  plan_name: p?.name ?? null,
  plan_value: p ? String(p.value) : null,
  users: p?.users ?? null,
  connections: p?.connections ?? null,
  queues: p?.queues ?? null,
});

/**
 * The kernel's companies and plans, read through the COMPANIES and PLANS ports (issue 29 item 4: no
 * plugin SQL names a kernel table). The ports read committed rows; billing reads a company only after
 * applying its pending ops under the company lock, so it sees every change billing committed.
 */
@Injectable()
export class KernelReads {
  constructor(
    @Inject(COMPANIES) private readonly companies: Companies,
    @Inject(PLANS) private readonly plans: Plans,
  ) {}

  async company(companyId: number): Promise<CompanyRow | null> {
    const c = await this.companies.get(companyId);
    if (!c) return null;
    return row(c, c.planId ? await this.plans.get(c.planId) : null);
  }

  /** One plan (null when it no longer exists). */
  plan(planId: number): Promise<PlanSummary | null> {
    return this.plans.get(planId);
  }

  /** Companies with their plans (one call each port). */
  async withPlans(list: CompanyTerms[]): Promise<CompanyRow[]> {
    const plans = new Map((await this.plans.many(list.flatMap((c) => (c.planId ? [c.planId] : [])))).map((p) => [p.id, p]));
    return list.map((c) => row(c, c.planId ? (plans.get(c.planId) ?? null) : null));
  }

  /** Names of the given companies by id (absent ids are missing). */
  async names(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    return new Map((await this.companies.list({ ids })).map((c) => [c.id, c.name]));
  }
}

/** The company's current plan as a plan card (null without a plan). */
export const currentPlan = (c: CompanyRow) =>
  c.plan_id ? { id: c.plan_id, name: c.plan_name ?? '', value: Number(c.plan_value ?? 0), users: c.users ?? 0, connections: c.connections ?? 0, queues: c.queues ?? 0 } : null;
