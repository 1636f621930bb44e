import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_SCHEDULES,
  definedFields,
  RECURRENCE_MONTHS,
  type Company as CompanyDto,
  type companyCreateSchema,
  type companyUpdateSchema,
  type ExpiryFilter,
  type Recurrence,
  type ScheduleEntry,
} from '@atende/core-contract';
import type { z } from 'zod';
import type { DomainEventMap } from '@atende/core-contract';
import { AppError, REALTIME, type RealtimePublisher, containsPattern } from '@atende/sdk-server';

type CompanyCreate = z.infer<typeof companyCreateSchema>;
type CompanyUpdate = z.infer<typeof companyUpdateSchema>;
import { CompanySchema, type Company } from './company.entity.js';
import { PlanSchema } from '../plans/plan.entity.js';
import { GlobalSettingSchema } from '../settings/setting.entity.js';
import { UserSchema } from '../users/user.entity.js';
import { ACROSS_TENANTS } from '../tenancy/tenant-filter.js';
import { hashPassword } from '../auth/password.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { newReferralCode } from './referral-code.js';
import { CompanyDeactivation } from './company-deactivation.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { SessionCache } from '../auth/session-cache.js';

const DAY = 86_400_000;

export function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  // Keep the day of month, clamped to the month's length (31 Jan + 1 month = 28/29 Feb).
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Conditions of the companies list's expiry filter (commercial-admin §4). */
export function expiryWhere(filter: ExpiryFilter, now = new Date()) {
  const plus = (days: number) => new Date(now.getTime() + days * DAY);
  switch (filter) {
    case 'active':
      return { $or: [{ dueDate: null }, { dueDate: { $gte: now } }] };
    case 'expiringSoon':
      return { dueDate: { $gte: now, $lte: plus(5) } };
    case 'recentlyExpired':
      return { dueDate: { $lt: now, $gte: plus(-5) } };
    case 'expired':
      return { dueDate: { $lt: now } };
    default:
      return {};
  }
}

@Injectable()
export class CompaniesService {
  constructor(
    private readonly em: EntityManager,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    private readonly gateway: RealtimeGateway,
    private readonly deactivation: CompanyDeactivation,
    private readonly events: DomainEventsService,
    private readonly sessions: SessionCache,
  ) {}

  /** `em`: another EntityManager than the request's (the Companies port runs outside requests). */
  async toDto(c: Company, em: EntityManager = this.em): Promise<CompanyDto> {
    const plan = c.planId ? await em.findOne(PlanSchema, { id: c.planId }) : null;
    return {
      id: c.id,
      name: c.name,
      email: c.email ?? null,
      phone: c.phone ?? null,
      status: c.status,
      planId: c.planId ?? null,
      plan: plan ? { id: plan.id, name: plan.name } : null,
      dueDate: c.dueDate ? c.dueDate.toISOString() : null,
      recurrence: c.recurrence,
      campaignsEnabled: c.campaignsEnabled,
      trialExpiration: c.trialExpiration ? c.trialExpiration.toISOString() : null,
      creditos: c.credits,
      referralCode: c.referralCode,
      isPlatform: c.isPlatform,
      schedules: Array.isArray(c.schedules) && c.schedules.length ? c.schedules : DEFAULT_SCHEDULES,
      createdAt: c.createdAt.toISOString(),
    };
  }

  async get(id: number): Promise<Company> {
    const c = await this.em.findOne(CompanySchema, { id });
    if (!c) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
    return c;
  }

  async page(searchParam: string, pageNumber: number, expiry: ExpiryFilter, pageSize = 20) {
    const like = containsPattern(searchParam);
    const where = {
      ...(searchParam ? { $or: [{ name: { $ilike: like } }, { email: { $ilike: like } }] } : {}),
      ...expiryWhere(expiry),
    };
    const [rows, count] = await this.em.findAndCount(CompanySchema, where as never, {
      orderBy: { name: 'asc', id: 'asc' },
      limit: pageSize,
      offset: (pageNumber - 1) * pageSize,
    });
    return { companies: await Promise.all(rows.map((r) => this.toDto(r))), count, hasMore: count > pageNumber * pageSize };
  }

  async list(): Promise<CompanyDto[]> {
    const rows = await this.em.find(CompanySchema, {}, { orderBy: { name: 'asc' } });
    return Promise.all(rows.map((r) => this.toDto(r)));
  }

  /** Creates a company and its first admin, who signs in with the company e-mail and the password. */
  async create(
    input: Omit<CompanyCreate, 'recurrence' | 'status' | 'campaignsEnabled' | 'creditos'> & {
      creditos?: number;
      recurrence: Recurrence;
      status: boolean;
      campaignsEnabled: boolean;
      referredById?: number | null;
      language?: 'es' | 'pt' | 'en';
      /** Set by sign-up only: the end of the free trial. */
      trialExpiration?: Date | null;
    },
  ): Promise<Company> {
    const plan = await this.em.findOne(PlanSchema, { id: input.planId });
    if (!plan) throw AppError.notFound('ERR_NO_PLAN_FOUND');
    await this.refusePlatformPlan(plan.id);
    if (await this.em.findOne(UserSchema, { email: input.email }, ACROSS_TENANTS)) throw AppError.conflict('ERR_EMAIL_IN_USE');
    if (await this.em.findOne(CompanySchema, { email: input.email })) throw AppError.conflict('ERR_EMAIL_IN_USE');
    const passwordHash = await hashPassword(input.password);
    const company = await this.em.transactional(async (tx) => {
      const c = tx.create(CompanySchema, {
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        planId: input.planId,
        status: input.status,
        // Every tenant expires (issue 27 item 6): without a date it is due after the plan's trial days.
        dueDate: input.dueDate ? new Date(input.dueDate) : new Date(Date.now() + plan.trialDays * DAY),
        recurrence: input.recurrence,
        campaignsEnabled: input.campaignsEnabled,
        credits: input.creditos ?? 0,
        referralCode: newReferralCode(),
        referredById: input.referredById ?? null,
        trialExpiration: input.trialExpiration ?? null,
        schedules: DEFAULT_SCHEDULES,
      });
      await tx.flush();
      tx.create(UserSchema, {
        companyId: c.id,
        name: input.name,
        email: input.email,
        passwordHash,
        profile: 'admin',
        super: false,
        language: input.language ?? null,
      });
      await tx.flush();
      return c;
    });
    this.events.emit('company.created', company.id, { planId: company.planId ?? null, dueDate: company.dueDate?.toISOString() ?? null });
    this.realtime.toSuperUsers('company', { action: 'create', companyId: company.id });
    return company;
  }

  async signup(input: {
    name: string;
    email: string;
    phone: string;
    password: string;
    planId: number;
    referralCode?: string | null;
    language?: 'es' | 'pt' | 'en';
  }): Promise<Company> {
    const allow = await this.em.findOne(GlobalSettingSchema, { key: 'allowSignup' });
    if (allow?.value === 'disabled') throw new AppError('ERR_USER_CREATION_DISABLED', 403);
    const plan = await this.em.findOne(PlanSchema, { id: input.planId });
    const platform = await this.em.findOne(CompanySchema, { isPlatform: true });
    // Only a plan offered to tenants (issue 27 item 1), never the platform's own.
    if (!plan || !plan.offered || plan.id === platform?.planId) throw AppError.notFound('ERR_NO_PLAN_FOUND');
    const referrer = input.referralCode ? await this.em.findOne(CompanySchema, { referralCode: input.referralCode }) : null;
    // Sign-up defaults (commercial-admin §4): due tomorrow, monthly, active, campaigns on. That day is
    // the free trial (plans carry no trial length in the spec), so the trial ends with the first due date.
    const trialEnd = new Date(Date.now() + DAY);
    return this.create({
      name: input.name,
      email: input.email,
      phone: input.phone,
      password: input.password,
      planId: plan.id,
      dueDate: trialEnd,
      trialExpiration: trialEnd,
      recurrence: 'MENSAL',
      status: true,
      campaignsEnabled: true,
      referredById: referrer?.id ?? null,
      language: input.language,
    });
  }

  /**
   * A tenant is never put on the platform's own plan (every limit 9999, every flag, value 0): its
   * renewals would be free invoices. Sign-up and plan changes refuse it too (issue 27 item 1).
   */
  private async refusePlatformPlan(planId: number): Promise<void> {
    const platform = await this.em.findOne(CompanySchema, { isPlatform: true });
    if (platform?.planId === planId) throw AppError.validation([{ path: 'planId', message: 'platform_plan' }]);
  }

  async update(id: number, input: CompanyUpdate): Promise<Company> {
    const c = await this.get(id);
    if (c.isPlatform && (input.status === false || input.dueDate)) throw new AppError('ERR_PLATFORM_COMPANY', 400);
    // Only the platform company has no due date: a tenant without one would never expire.
    if (!c.isPlatform && input.dueDate === null) throw AppError.validation([{ path: 'dueDate', message: 'required' }]);
    if (input.planId !== undefined && !(await this.em.findOne(PlanSchema, { id: input.planId }))) throw AppError.notFound('ERR_NO_PLAN_FOUND');
    if (input.planId !== undefined && !c.isPlatform) await this.refusePlatformPlan(input.planId);
    if (input.email !== undefined && input.email !== c.email && (await this.em.findOne(CompanySchema, { email: input.email, id: { $ne: id } }))) {
      throw AppError.conflict('ERR_EMAIL_IN_USE');
    }
    const deactivating = c.status && input.status === false;
    const before = { dueDate: c.dueDate?.toISOString() ?? null, planId: c.planId ?? null, status: c.status };
    // Partial: only what the body carries changes (issue 9 item 19).
    const { dueDate, creditos, ...rest } = definedFields(input);
    this.em.assign(c, { ...rest, ...(creditos !== undefined ? { credits: creditos } : {}), ...(dueDate !== undefined ? { dueDate: dueDate ? new Date(dueDate) : null } : {}) });
    await this.em.flush();
    this.announceChanges(c, before);
    if (deactivating) await this.deactivation.run(c.id);
    await this.announceUpdate(c);
    return c;
  }

  /** company.updated with what changed of due date, plan and status (nothing when none did). */
  announceChanges(c: Company, before: { dueDate: string | null; planId: number | null; status: boolean }): void {
    // This process's next request already sees the change (the others learn it from the trigger's NOTIFY).
    this.sessions.forgetCompany(c.id);
    const after = { dueDate: c.dueDate?.toISOString() ?? null, planId: c.planId ?? null, status: c.status };
    const changes: DomainEventMap['company.updated']['changes'] = {};
    if (before.dueDate !== after.dueDate) changes.dueDate = { before: before.dueDate, after: after.dueDate };
    if (before.planId !== after.planId) changes.planId = { before: before.planId, after: after.planId };
    if (before.status !== after.status) changes.status = { before: before.status, after: after.status };
    if (Object.keys(changes).length) this.events.emit('company.updated', c.id, { changes });
  }

  async remove(id: number): Promise<void> {
    const c = await this.get(id);
    if (c.isPlatform) throw new AppError('ERR_PLATFORM_COMPANY', 400);
    const users = await this.em.find(UserSchema, { companyId: id }, { filters: { tenant: { companyId: id } } });
    // Its WhatsApp sessions stop (on whichever process runs them), its rows go, then its media files.
    await this.deactivation.deleteCompany(id, () => this.em.remove(c).flush());
    this.sessions.forgetCompany(id);
    for (const u of users) await this.gateway.endUserSockets(u.id, 'revoked');
    this.realtime.toSuperUsers('company', { action: 'delete', companyId: id });
  }

  /** The company's own users see their record change (due date, status); the platform's super users their list. */
  async announceUpdate(c: Company, em: EntityManager = this.em): Promise<void> {
    const event = { action: 'update' as const, company: await this.toDto(c, em) };
    this.realtime.toCompany(c.id, 'company', event);
    this.realtime.toSuperUsers('company', event);
  }

  /** The Expire button: moves the due date forward by the company's recurrence. */
  async advanceDueDate(id: number): Promise<Company> {
    const c = await this.get(id);
    if (c.isPlatform) throw new AppError('ERR_PLATFORM_COMPANY', 400);
    const before = { dueDate: c.dueDate?.toISOString() ?? null, planId: c.planId ?? null, status: c.status };
    c.dueDate = addMonths(c.dueDate ?? new Date(), RECURRENCE_MONTHS[c.recurrence as Recurrence]);
    await this.em.flush();
    this.announceChanges(c, before);
    await this.announceUpdate(c);
    return c;
  }

  async setSchedules(id: number, schedules: ScheduleEntry[]): Promise<Company> {
    const c = await this.get(id);
    c.schedules = schedules;
    await this.em.flush();
    return c;
  }
}
