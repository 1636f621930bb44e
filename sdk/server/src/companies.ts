import type { PlanFeature } from '@atende/core-contract';

/**
 * A company's commercial terms as billing and reseller plugins need them (issue 11 item 3). Every
 * change is written with an audit row (who, what, before, after, why) and tells `company.updated`.
 * Inject by the `COMPANIES` token.
 */
export const COMPANIES = Symbol.for('atende:companies');

/** A company's terms as the COMPANIES port answers them: name, plan, due date and status. */
export interface CompanyTerms {
  id: number;
  name: string;
  planId: number | null;
  /** ISO date-time, or null for a company without one. */
  dueDate: string | null;
  status: boolean;
  /**
   * The company's campaigns switch (commercial-admin §3 "campaigns enabled"), set by the platform on the
   * company form, beside the plan's useCampaigns: a campaigns plugin refuses its routes when it is off.
   */
  campaignsEnabled: boolean;
}

/** A plan as a tenant may choose it (price S/ per month, limits). */
export interface OfferedPlan {
  id: number;
  name: string;
  value: number;
  users: number;
  connections: number;
  queues: number;
}

/** The COMPANIES port: read a company's terms and change its plan or due date with an audit row. */
export interface Companies {
  get(companyId: number): Promise<CompanyTerms | null>;
  /**
   * The plans tenants may choose (sign-up, checkout, plan changes), cheapest first: those the super user
   * marked offered, never the platform's own plan. A plugin that lets a company pick a plan picks from these.
   */
  offeredPlans(): Promise<OfferedPlan[]>;
  /**
   * Whether the company's plan has a flag (false for an unknown company). For a plugin's `@Public()`
   * route (an OAuth callback), which has no signed-in company: the plugin checks the company it acts for.
   */
  hasPlanFlag(companyId: number, flag: PlanFeature): Promise<boolean>;
  setDueDate(companyId: number, dueDate: string, by: { source: string; reason?: string }): Promise<CompanyTerms>;
  /** Refuses the platform's own plan for a tenant (404 ERR_NO_PLAN_FOUND, like a missing plan). */
  setPlan(companyId: number, planId: number, by: { source: string; reason?: string }): Promise<CompanyTerms>;
}
