import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ALLOW_EXPIRED, AppError, PUBLIC_ROUTE, type AuthUser } from '@atende/sdk-server';
import { TENANT_FILTER } from '../tenancy/tenant-filter.js';
import { TokensService } from './tokens.service.js';
import { isExpired } from './company-expiry.js';

/**
 * Global guard: every route needs a valid bearer token unless marked @Public(). The user row is read on
 * each request (no cache, on purpose) so a bumped tokenVersion (sign-in elsewhere, password change, disable, delete) or a
 * deactivated company revokes access at once. It then scopes the request's database work to the user's company (tenant filter)
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
    // User and company in one round trip: this runs on every request (and socket).
    const [row] = await this.em
      .getConnection()
      .execute(
        `select u.id, u.company_id, u.profile, u.super, u.enabled, u.token_version, c.is_platform, c.due_date, c.status
           from users u join companies c on c.id = u.company_id where u.id = ?`,
        [Number(claims.sub)],
      );
    if (!row || !row.enabled || row.token_version !== claims.tokenVersion) throw new AppError('ERR_INVALID_TOKEN', 401);
    // A deactivated company's users are out, whatever tokens they still hold (the platform never is).
    if (!row.status && !row.is_platform) throw new AppError('ERR_INVALID_TOKEN', 401);
    const dueDate = row.due_date == null ? null : new Date(row.due_date as string | Date);
    return {
      user: { id: row.id as number, companyId: row.company_id as number, profile: row.profile as AuthUser['profile'], super: row.super as boolean },
      expired: isExpired({ isPlatform: row.is_platform as boolean, dueDate }),
      expiresAt: claims.exp,
    };
  }
}
