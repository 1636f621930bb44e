import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { SessionCache } from './session-cache.js';
import { ALLOW_EXPIRED, AppError, PUBLIC_ROUTE, type AuthUser } from '@atende/sdk-server';
import { TENANT_FILTER } from '../tenancy/tenant-filter.js';
import { TokensService } from './tokens.service.js';
import { isExpired } from './company-expiry.js';

/**
 * Global guard: every route needs a valid bearer token unless marked @Public(). The user and company
 * come from the session cache (no query when known), which forgets a user or company the moment a change
 * to them commits, so a bumped tokenVersion (sign-in elsewhere, password change, disable, delete) or a
 * deactivated company still revokes access at once. It then scopes the request's database work to the
 * user's company (tenant filter) and refuses routes of an expired subscription with 402.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokensService,
    private readonly em: EntityManager,
    private readonly sessions: SessionCache,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthUser; subscriptionExpired?: boolean }>();
    const match = /^Bearer (.+)$/i.exec(req.headers['authorization'] ?? '');
    if (!match) throw new AppError('ERR_INVALID_TOKEN', 401, 'Missing bearer token.');
    const { user, expired } = await this.authenticate(match[1]);
    req.user = user;
    // For routes that serve an expired company differently (the plugin list).
    req.subscriptionExpired = expired;
    this.em.setFilterParams(TENANT_FILTER, { companyId: user.companyId });
    if (expired && !this.reflector.getAllAndOverride<boolean>(ALLOW_EXPIRED, targets)) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402);
    }
    return true;
  }

  /** `expiresAt` is the token's own expiry (unix seconds); `expired` is the company's subscription. */
  async authenticate(token: string): Promise<{ user: AuthUser; expired: boolean; expiresAt: number }> {
    const claims = await this.tokens.verifyAccess(token);
    const row = await this.sessions.get(Number(claims.sub));
    if (!row || !row.enabled || row.tokenVersion !== claims.tokenVersion) throw new AppError('ERR_INVALID_TOKEN', 401);
    // A deactivated company's users are out, whatever tokens they still hold (the platform never is).
    if (!row.companyActive && !row.isPlatform) throw new AppError('ERR_INVALID_TOKEN', 401);
    return {
      user: { id: row.id, companyId: row.companyId, profile: row.profile, super: row.super },
      expired: isExpired({ isPlatform: row.isPlatform, dueDate: row.dueDate }),
      expiresAt: claims.exp,
    };
  }
}
