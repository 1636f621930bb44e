import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ApiTokens, type ApiCaller } from './api-token.js';

/** Names the calling connection from its token before the body is read (guards run before the upload interceptor). */
@Injectable()
export class ApiTokenGuard implements CanActivate {
  constructor(private readonly tokens: ApiTokens) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request & { apiCaller?: ApiCaller }>();
    req.apiCaller = await this.tokens.caller(req.headers.authorization);
    return true;
  }
}
