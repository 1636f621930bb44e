import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { runWithLogContext } from '@atende/sdk-server';
import type { RequestWithContext } from './request-context.js';

/**
 * Runs each HTTP handler inside its request's log context, with the company and user the auth guard
 * found (guards run before interceptors), so every line the handler and the services it calls write
 * carries them.
 */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<RequestWithContext>();
    const logCtx = req.logContext;
    if (!logCtx) return next.handle();
    if (req.user) {
      logCtx.companyId = req.user.companyId;
      logCtx.userId = req.user.id;
    }
    return new Observable((subscriber) => runWithLogContext(logCtx, () => next.handle().subscribe(subscriber)));
  }
}
