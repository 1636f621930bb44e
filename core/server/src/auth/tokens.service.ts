import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { AccessTokenClaims, Profile } from '@atende/core-contract';
import { AppError } from '@atende/sdk-server';
import { APP_CONFIG, durationToSeconds, type AppConfig } from '../config/config.js';
import { SECRETS, type Secrets } from '../config/secrets.js';
import { VerifiedTokens } from './verified-tokens.js';

export interface RefreshClaims {
  sub: string;
  /** The refresh_tokens row id; each one may be used once. */
  jti: string;
  /** One sign-in; reuse of a spent token revokes the whole family. */
  family: string;
  tokenVersion: number;
  /** When the sign-in this token belongs to ends for good (unix seconds): SESSION_MAX_AGE after it. */
  sessionExp?: number;
  iat?: number;
}

interface TokenSubject {
  id: number;
  companyId: number;
  profile: Profile;
  super: boolean;
  tokenVersion: number;
}

/** Signs and checks the short-lived access token (bearer) and the refresh token (httpOnly cookie). */
@Injectable()
export class TokensService {
  private readonly accessKey: Uint8Array;
  private readonly refreshKey: Uint8Array;
  private readonly verified = new VerifiedTokens<AccessTokenClaims>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SECRETS) secrets: Secrets,
  ) {
    this.accessKey = new TextEncoder().encode(secrets.jwtSecret);
    this.refreshKey = new TextEncoder().encode(secrets.jwtRefreshSecret);
  }

  get refreshTtlSeconds() {
    return durationToSeconds(this.config.REFRESH_TOKEN_TTL);
  }

  get sessionMaxAgeSeconds() {
    return durationToSeconds(this.config.SESSION_MAX_AGE);
  }

  signAccess(user: TokenSubject): Promise<string> {
    return new SignJWT({ companyId: user.companyId, profile: user.profile, super: user.super, tokenVersion: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(`${durationToSeconds(this.config.ACCESS_TOKEN_TTL)}s`)
      .sign(this.accessKey);
  }

  /** `expiresAt` (unix seconds) is the earlier of the refresh TTL and the session's absolute end. */
  signRefresh(user: TokenSubject, session: { jti: string; family: string; sessionExp: number; expiresAt: number }): Promise<string> {
    return new SignJWT({ tokenVersion: user.tokenVersion, family: session.family, sessionExp: session.sessionExp })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setJti(session.jti)
      .setIssuedAt()
      .setExpirationTime(session.expiresAt)
      .sign(this.refreshKey);
  }

  /** Expired → 403 ERR_SESSION_EXPIRED (the client refreshes); anything else wrong → 401 ERR_INVALID_TOKEN. */
  async verifyAccess(token: string): Promise<AccessTokenClaims> {
    const known = this.verified.get(token);
    if (known === 'expired') throw new AppError('ERR_SESSION_EXPIRED', 403);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, this.accessKey, { algorithms: ['HS256'] });
      const claims = payload as unknown as AccessTokenClaims;
      this.verified.set(token, claims);
      return claims;
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new AppError('ERR_SESSION_EXPIRED', 403);
      throw new AppError('ERR_INVALID_TOKEN', 401);
    }
  }

  async verifyRefresh(token: string): Promise<RefreshClaims> {
    try {
      const { payload } = await jwtVerify(token, this.refreshKey, { algorithms: ['HS256'] });
      return payload as unknown as RefreshClaims;
    } catch {
      throw new AppError('ERR_SESSION_EXPIRED', 401);
    }
  }
}
