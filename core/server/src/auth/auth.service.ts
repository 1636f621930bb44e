import { isExpired } from './company-expiry.js';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { SessionUser } from '@atende/core-contract';
import { AppError } from '@atende/sdk-server';
import { CompanySchema, type Company } from '../companies/company.entity.js';
import { QueueSchema, UserQueueSchema } from '../queues/queue.entity.js';
import { SettingSchema } from '../settings/setting.entity.js';
import { UserSchema, type User } from '../users/user.entity.js';
import { ACROSS_TENANTS } from '../tenancy/tenant-filter.js';
import { CompanyPlanService } from '../platform/company-plan.service.js';
import { DUMMY_HASH_PROMISE, verifyPassword } from './password.js';
import { LoginThrottle } from './login-throttle.js';
import { SessionsService } from './sessions.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { readableCompanySettings, companySettingDefault } from '@atende/core-contract';


@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionsService,
    private readonly plans: CompanyPlanService,
    private readonly throttle: LoginThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async login(email: string, password: string, ip: string) {
    // Counted before the password is checked, so a parallel burst cannot check more than the limit.
    await this.throttle.take(ip, email);
    // Sign-in is the one place that looks a user up across companies: by unique e-mail.
    const user = await this.em.findOne(UserSchema, { email }, { ...ACROSS_TENANTS, populate: ['passwordHash'] });
    // Always hash once so an unknown e-mail takes as long as a wrong password.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!user || !ok) {
      await this.throttle.failed(ip, email);
      throw new AppError('ERR_INVALID_CREDENTIALS', 401);
    }
    await this.throttle.succeeded(ip, email);
    if (!user.enabled) throw new AppError('ERR_USER_DISABLED', 403);
    const company = await this.em.findOneOrFail(CompanySchema, { id: user.companyId });
    if (!company.status && !company.isPlatform) throw new AppError('ERR_NO_PERMISSION', 403, 'This company is inactive.');
    const { token, refreshToken } = await this.sessions.start(user);
    return { token, refreshToken, user: await this.toSessionUser(user, company) };
  }

  async refresh(refreshToken: string | undefined) {
    const { token, refreshToken: next, user } = await this.sessions.rotate(refreshToken);
    return { token, refreshToken: next, user: await this.toSessionUser(user) };
  }

  async me(userId: number): Promise<SessionUser> {
    const user = await this.em.findOne(UserSchema, { id: userId });
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
    return this.toSessionUser(user);
  }

  async toSessionUser(user: User, company?: Company): Promise<SessionUser> {
    company ??= await this.em.findOneOrFail(CompanySchema, { id: user.companyId });
    const scope = { filters: { tenant: { companyId: company.id } } };
    const [settings, links] = await Promise.all([
      this.em.find(SettingSchema, { companyId: company.id }, scope),
      this.em.find(UserQueueSchema, { userId: user.id }),
    ]);
    const queues = links.length
      ? await this.em.find(QueueSchema, { id: { $in: links.map((l) => l.queueId) } }, { ...scope, orderBy: { name: 'asc' } })
      : [];
    const stored = new Map(settings.map((s) => [s.key, s.value]));
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      profile: user.profile,
      super: user.super,
      language: user.language ?? null,
      allTicket: user.allTicket,
      whatsappId: user.whatsappId ?? null,
      queues: queues.map((q) => ({ id: q.id, name: q.name, color: q.color })),
      companyId: company.id,
      company: {
        id: company.id,
        name: company.name,
        dueDate: company.dueDate ? company.dueDate.toISOString() : null,
        trialExpiration: company.trialExpiration ? company.trialExpiration.toISOString() : null,
        email: company.email ?? null,
        expired: isExpired(company),
        settings: readableCompanySettings(user).map((key) => ({ key, value: stored.get(key) ?? companySettingDefault(key) })),
        planFlags: await this.plans.flagsOf(company.id),
        timeZone: this.config.BUSINESS_TIMEZONE,
      },
    };
  }
}
