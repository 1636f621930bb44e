import type { PlanFlag } from '@atende/core-contract';

/**
 * A company's commercial terms as billing and reseller plugins need them (issue 11 item 3). Every
 * change is written with an audit row (who, what, before, after, why) and tells `company.updated`.
 * Inject by the `COMPANIES` token.
 */
export const COMPANIES = Symbol.for('atende:companies');

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

export interface Companies {
  get(companyId: number): Promise<CompanyTerms | null>;
  /**
   * Whether the company's plan has a flag (false for an unknown company). For a plugin's `@Public()`
   * route (an OAuth callback), which has no signed-in company: the plugin checks the company it acts for.
   */
  hasPlanFlag(companyId: number, flag: PlanFlag): Promise<boolean>;
  setDueDate(companyId: number, dueDate: string, by: { source: string; reason?: string }): Promise<CompanyTerms>;
  setPlan(companyId: number, planId: number, by: { source: string; reason?: string }): Promise<CompanyTerms>;
}
