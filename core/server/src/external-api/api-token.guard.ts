import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { RateLimiter } from '../auth/rate-limiter.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ApiTokens, type ApiCaller } from './api-token.js';

/**
 * Names the calling connection from its token and counts the call against its rate limit, before the
 * body is read (guards run before the upload interceptor): an unknown caller never uploads, and every
 * call counts, valid or not. The count is atomic in Redis (a parallel burst cannot slip past it) and
 * per connection (rotating the token does not reset it). Beyond it: 429 ERR_TOO_MANY_ATTEMPTS.
 */
@Injectable()
export class ApiTokenGuard implements CanActivate {
  constructor(
    private readonly tokens: ApiTokens,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request & { apiCaller?: ApiCaller }>();
    const caller = await this.tokens.caller(req.headers.authorization);
    await this.limiter.consume([{ key: `api:connection:${caller.whatsappId}`, max: this.config.EXTERNAL_API_RATE_LIMIT, windowSeconds: 60 }]);
    req.apiCaller = caller;
    return true;
  }
}
