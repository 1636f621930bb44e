import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { SessionUser } from '@atende/core-contract';
import { AppError } from '@atende/sdk-server';
import { CompanySchema, SettingSchema, UserSchema, type User } from '../database/entities.js';
import { DUMMY_HASH_PROMISE, verifyPassword } from './password.js';
import { TokensService } from './tokens.service.js';
import { CompanyPlanService } from '../platform/company-plan.service.js';

@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: TokensService,
    private readonly plans: CompanyPlanService,
  ) {}

  async login(email: string, password: string) {
    const user = await this.em.findOne(UserSchema, { email }, { populate: ['passwordHash'] });
    // Always hash once so an unknown e-mail takes as long as a wrong password.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!user || !ok) throw new AppError('ERR_INVALID_CREDENTIALS', 401);
    return this.issue(user);
  }

  async refresh(refreshToken: string | undefined) {
    if (!refreshToken) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const claims = await this.tokens.verifyRefresh(refreshToken);
    const user = await this.em.findOne(UserSchema, { id: Number(claims.sub) });
    if (!user || user.tokenVersion !== claims.tokenVersion) throw new AppError('ERR_SESSION_EXPIRED', 401);
    return this.issue(user);
  }

  async me(userId: number): Promise<SessionUser> {
    const user = await this.em.findOne(UserSchema, { id: userId });
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
    return this.toSessionUser(user);
  }

  private async issue(user: User) {
    const [token, refreshToken, sessionUser] = await Promise.all([
      this.tokens.signAccess(user),
      this.tokens.signRefresh(user),
      this.toSessionUser(user),
    ]);
    return { token, refreshToken, user: sessionUser };
  }

  async toSessionUser(user: User): Promise<SessionUser> {
    const company = await this.em.findOneOrFail(CompanySchema, { id: user.companyId });
    const settings = await this.em.find(SettingSchema, { companyId: company.id }, { orderBy: { key: 'asc' } });
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      profile: user.profile,
      super: user.super,
      language: user.language ?? null,
      companyId: company.id,
      company: {
        id: company.id,
        name: company.name,
        dueDate: company.dueDate ? company.dueDate.toISOString() : null,
        settings: settings.map((s) => ({ key: s.key, value: s.value })),
        planFlags: await this.plans.flagsOf(company.id),
      },
    };
  }
}
