import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, PUBLIC_ROUTE, type AuthUser } from '@atende/sdk-server';
import { UserSchema } from '../database/entities.js';
import { TokensService } from './tokens.service.js';

/**
 * Global guard: every route needs a valid bearer token unless marked @Public(). The user row is read on
 * each request so a bumped tokenVersion (password change, disable, delete) revokes access at once.
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
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [ctx.getHandler(), ctx.getClass()]);
    if (isPublic) return true;
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthUser }>();
    const header = req.headers['authorization'] ?? '';
    const match = /^Bearer (.+)$/i.exec(header);
    if (!match) throw new AppError('ERR_INVALID_TOKEN', 401, 'Missing bearer token.');
    req.user = await this.authenticate(match[1]);
    return true;
  }

  async authenticate(token: string): Promise<AuthUser> {
    const claims = await this.tokens.verifyAccess(token);
    const user = await this.em.findOne(UserSchema, { id: Number(claims.sub) });
    if (!user || user.tokenVersion !== claims.tokenVersion) throw new AppError('ERR_INVALID_TOKEN', 401);
    return { id: user.id, companyId: user.companyId, profile: user.profile, super: user.super };
  }
}
