import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { AppError } from '@atende/sdk-server';
import type { AuthEventAction } from '@atende/core-contract';
import { RefreshTokenSchema } from './refresh-token.entity.js';
import { CompanySchema } from '../companies/company.entity.js';
import { UserSchema, type User } from '../users/user.entity.js';
import { ACROSS_TENANTS } from '../tenancy/tenant-filter.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { TokensService, type RefreshClaims } from './tokens.service.js';
import { SessionCache } from './session-cache.js';

/**
 * Sessions: a sign-in starts a refresh-token family; every refresh spends the presented token and
 * issues the next one. Presenting a spent token again means it was copied: the family is revoked.
 * A user's `tokenVersion` is in every token, so bumping it ends all their sessions at once.
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger('Sessions');

  constructor(
    private readonly em: EntityManager,
    private readonly tokens: TokensService,
    private readonly realtime: RealtimeGateway,
    private readonly cache: SessionCache,
  ) {}

  /**
   * New sign-in: ends the user's other sessions (one session per user), then opens a family that
   * lives at most SESSION_MAX_AGE however often it is refreshed.
   */
  async start(user: User): Promise<{ token: string; refreshToken: string }> {
    await this.revokeAll(user, 'replaced');
    return this.issue(user, randomUUID(), Math.floor(Date.now() / 1000) + this.tokens.sessionMaxAgeSeconds);
  }

  async rotate(refreshToken: string | undefined): Promise<{ token: string; refreshToken: string; user: User }> {
    if (!refreshToken) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const claims = await this.tokens.verifyRefresh(refreshToken);
    // Tokens minted before sessions had an absolute end count from their own issue time.
    const sessionExp = claims.sessionExp ?? (claims.iat ?? 0) + this.tokens.sessionMaxAgeSeconds;
    if (sessionExp * 1000 <= Date.now()) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const result = await this.em.transactional(async (tx) => {
      // Lock the row so two concurrent refreshes with the same token cannot both succeed.
      const row = await tx.findOne(RefreshTokenSchema, { id: claims.jti }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row || row.revokedAt || row.expiresAt < new Date()) return null;
      if (row.usedAt) return { reused: row.family, userId: row.userId };
      const user = await tx.findOne(UserSchema, { id: row.userId }, ACROSS_TENANTS);
      if (!user || !user.enabled || user.tokenVersion !== claims.tokenVersion) return null;
      const company = await tx.findOne(CompanySchema, { id: user.companyId });
      if (!company || (!company.status && !company.isPlatform)) return null;
      row.usedAt = new Date();
      const issued = await this.issue(user, row.family, sessionExp, tx);
      return { ...issued, user };
    });
    if (result && 'reused' in result) {
      // Outside the transaction above, so this revocation is not rolled back with the refused refresh.
      this.logger.warn(`Refresh token reuse for user ${result.userId}; revoking the session family.`);
      await this.em.nativeUpdate(RefreshTokenSchema, { family: result.reused, revokedAt: null }, { revokedAt: new Date() });
    }
    if (!result || 'reused' in result) throw new AppError('ERR_SESSION_EXPIRED', 401);
    return result;
  }

  /**
   * Sign-out: the family stops refreshing and, when the cookie belongs to the user's current session
   * (same tokenVersion), the access token and open sockets end too. A stale cookie of an earlier,
   * already replaced session must not end the one that replaced it.
   */
  async end(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    let claims: RefreshClaims;
    try {
      claims = await this.tokens.verifyRefresh(refreshToken);
    } catch {
      return; // an invalid cookie has nothing to end
    }
    await this.em.nativeUpdate(RefreshTokenSchema, { family: claims.family, revokedAt: null }, { revokedAt: new Date() });
    const user = await this.em.findOne(UserSchema, { id: Number(claims.sub) }, ACROSS_TENANTS);
    if (user && user.tokenVersion === claims.tokenVersion) await this.revokeAll(user, 'revoked');
  }

  /**
   * Ends every session of a user now: tokens stop working (tokenVersion), refresh families are
   * revoked, and open sockets get the `auth` event and are closed.
   */
  async revokeAll(user: User, action: AuthEventAction): Promise<void> {
    user.tokenVersion += 1;
    await this.em.nativeUpdate(UserSchema, { id: user.id }, { tokenVersion: user.tokenVersion }, ACROSS_TENANTS);
    // This process's next request already refuses the old tokens (the others learn it from the trigger's NOTIFY).
    this.cache.forgetUser(user.id);
    await this.em.nativeUpdate(RefreshTokenSchema, { userId: user.id, revokedAt: null }, { revokedAt: new Date() });
    await this.realtime.endUserSockets(user.id, action);
  }

  /** What a user may see changed (profile, queues, allTicket): their open sockets' rooms follow at once. */
  async refreshAccess(userId: number): Promise<void> {
    this.cache.forgetUser(userId);
    // The change itself is saved already; a server process that does not answer must not fail it.
    await this.realtime.refreshUserRooms(userId).catch((err: Error) => this.logger.warn(`Rooms of user ${userId}: ${err.message}`));
  }

  private async issue(user: User, family: string, sessionExp: number, em: EntityManager = this.em) {
    const jti = randomUUID();
    const expiresAt = Math.min(Math.floor(Date.now() / 1000) + this.tokens.refreshTtlSeconds, sessionExp);
    em.create(RefreshTokenSchema, { id: jti, userId: user.id, family, expiresAt: new Date(expiresAt * 1000) });
    await em.flush();
    const [token, refreshToken] = await Promise.all([
      this.tokens.signAccess(user),
      this.tokens.signRefresh(user, { jti, family, sessionExp, expiresAt }),
    ]);
    return { token, refreshToken };
  }
}
