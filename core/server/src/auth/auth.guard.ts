import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ALLOW_EXPIRED, AppError, PUBLIC_ROUTE, type AuthUser } from '@atende/sdk-server';
import { CompanySchema, UserSchema } from '../database/entities.js';
import { ACROSS_TENANTS, TENANT_FILTER } from '../tenancy/tenant-filter.js';
import { TokensService } from './tokens.service.js';
import { isExpired } from './auth.service.js';

/**
 * Global guard: every route needs a valid bearer token unless marked @Public(). The user row is read on
 * each request so a bumped tokenVersion (sign-in elsewhere, password change, disable, delete) revokes
 * access at once. It then scopes the request's database work to the user's company (tenant filter)
 * and refuses routes of an expired subscription with 402.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokensService,
    private readonly em: EntityManager,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthUser }>();
    const match = /^Bearer (.+)$/i.exec(req.headers['authorization'] ?? '');
    if (!match) throw new AppError('ERR_INVALID_TOKEN', 401, 'Missing bearer token.');
    const { user, expired } = await this.authenticate(match[1]);
    req.user = user;
    this.em.setFilterParams(TENANT_FILTER, { companyId: user.companyId });
    if (expired && !this.reflector.getAllAndOverride<boolean>(ALLOW_EXPIRED, targets)) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402);
    }
    return true;
  }

  async authenticate(token: string): Promise<{ user: AuthUser; expired: boolean }> {
    const claims = await this.tokens.verifyAccess(token);
    const user = await this.em.findOne(UserSchema, { id: Number(claims.sub) }, ACROSS_TENANTS);
    if (!user || !user.enabled || user.tokenVersion !== claims.tokenVersion) throw new AppError('ERR_INVALID_TOKEN', 401);
    const company = await this.em.findOneOrFail(CompanySchema, { id: user.companyId });
    return {
      user: { id: user.id, companyId: user.companyId, profile: user.profile, super: user.super },
      expired: isExpired(company),
    };
  }
}
