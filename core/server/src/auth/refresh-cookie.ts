import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { TokensService } from './tokens.service.js';

const COOKIE = 'jrt';

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
      secure: this.config.cookieSecure,
      path: '/api/auth',
      maxAge: this.tokens.refreshTtlSeconds * 1000,
    });
  }

  clear(res: Response) {
    res.clearCookie(COOKIE, { httpOnly: true, sameSite: 'strict', secure: this.config.cookieSecure, path: '/api/auth' });
  }

  read(req: Request): string | undefined {
    const cookies = (req as Request & { cookies?: Record<string, string> }).cookies;
    return cookies?.[COOKIE];
  }
}
