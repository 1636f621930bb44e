import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { TokensService } from './tokens.service.js';

const COOKIE = 'jrt';

/** Browsers keep a `Secure` cookie only over https; plain http is acceptable on this machine only. */
export function isPlainLocalHttp(req: Request): boolean {
  if (req.secure) return false;
  return /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i.test(req.hostname ?? '');
}

/** The refresh token lives only in an httpOnly cookie scoped to the auth routes. */
@Injectable()
export class RefreshCookie {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: TokensService,
  ) {}

  set(res: Response, token: string) {
    res.cookie(COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure(res),
      path: '/api/auth',
      maxAge: this.tokens.refreshTtlSeconds * 1000,
    });
  }

  clear(res: Response) {
    res.clearCookie(COOKIE, { httpOnly: true, sameSite: 'strict', secure: this.secure(res), path: '/api/auth' });
  }

  /** COOKIE_SECURE when set; otherwise Secure unless the request came over plain http to localhost. */
  private secure(res: Response): boolean {
    if (this.config.cookieSecure !== 'auto') return this.config.cookieSecure;
    return !isPlainLocalHttp(res.req);
  }

  read(req: Request): string | undefined {
    const cookies = (req as Request & { cookies?: Record<string, string> }).cookies;
    return cookies?.[COOKIE];
  }
}
