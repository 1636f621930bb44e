import type { EntityManager } from '@mikro-orm/core';
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
  /** The company's contact e-mail (null when none was given). */
  email: string | null;
  /** Billing period of the plan: MENSAL, BIMESTRAL, TRIMESTRAL, SEMESTRAL or ANUAL. */
  recurrence: string;
  /** The code other companies sign up with to become this company's referrals. */
  referralCode: string;
  /** The company whose referral code this company signed up with, if any. */
  referredById: number | null;
  /** The platform's own company (never billed, never expires). */
  isPlatform: boolean;
  /** ISO date-time the company was created. */
  createdAt: string;
  /** The company's AI credits (commercial-admin `creditos`, set by the super user; never below 0). */
  credits: number;
}

/** Which companies `Companies.list` answers; every given filter must hold. */
export interface CompanyQuery {
  /** Only these ids (others are simply absent). */
  ids?: number[];
  /** Only the referrals of this company (signed up with its referral code). */
  referredBy?: number;
  /** Name contains this text (case-insensitive; %, _ and \ taken literally). */
  search?: string;
  /** Only tenants (never the platform's company), active, with a due date at or before this ISO date-time. */
  dueBy?: string;
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
   * Companies matching every filter of `query`, newest first (a platform-wide read, for billing-like
   * plugins acting for the platform; a tenant-facing route must filter by its own company).
   */
  list(query: CompanyQuery): Promise<CompanyTerms[]>;
  /** The companies that signed up with `companyId`'s referral code, newest first (never another company's referrals). */
  referrals(companyId: number): Promise<CompanyTerms[]>;
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
  /**
   * Adds `delta` to the company's AI credits (negative spends) in one conditional statement, so concurrent
   * spends never take the balance below zero: answers the new balance, or null when the company has fewer
   * than `-delta` credits (nothing changes) or does not exist. With `em` (the caller's transaction, e.g.
   * the AI plugin's usage row) it commits or rolls back with the caller's own writes.
   */
  adjustCredits(companyId: number, delta: number, options?: { em?: EntityManager }): Promise<number | null>;
  setDueDate(companyId: number, dueDate: string, by: { source: string; reason?: string }): Promise<CompanyTerms>;
  /** Refuses the platform's own plan for a tenant (404 ERR_NO_PLAN_FOUND, like a missing plan). */
  setPlan(companyId: number, planId: number, by: { source: string; reason?: string }): Promise<CompanyTerms>;
}

/**
 * The platform's plans as a plugin reads them (issue 29 item 4): prices and limits, whether tenants may
 * choose them. Read-only; the super user edits plans in the kernel. Inject by the `PLANS` token.
 */
export const PLANS = Symbol.for('atende:plans');

/** A plan as `PLANS` answers it. */
export interface PlanSummary extends OfferedPlan {
  /** Tenants may choose it (sign-up, checkout, plan changes). */
  offered: boolean;
}

/** The `PLANS` port. */
export interface Plans {
  /** Every plan, cheapest first (the platform's own included: compare with the platform company's planId). */
  list(): Promise<PlanSummary[]>;
  /** One plan (null when it does not exist). */
  get(planId: number): Promise<PlanSummary | null>;
  /** Several plans by id (absent ids are simply missing). */
  many(planIds: number[]): Promise<PlanSummary[]>;
}
