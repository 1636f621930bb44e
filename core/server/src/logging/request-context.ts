import type { NextFunction, Request, Response } from 'express';
import { newRequestId, runWithLogContext, type LogContext } from '@atende/sdk-server';
import { rootLogger } from './logger.js';

/** An incoming X-Request-Id is kept (a proxy's or a client's) when it looks like an id; anything else is replaced. */
const GOOD_ID = /^[\w.:-]{8,100}$/;

export type RequestWithContext = Request & { logContext?: LogContext; user?: { id: number; companyId: number } };

/** The route pattern a request matched (`/api/tickets/:id`), for logs and metrics; never the raw URL. */
export function routeOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl ?? ''}${route.path}`;
  if (/^\/plugins\//.test(req.originalUrl)) return '/plugins/*';
  if (/^\/(api|socket\.io)(\/|$)/.test(req.originalUrl)) return 'unmatched';
  return 'static';
}

/**
 * First middleware: gives the request its id (answered in X-Request-Id), runs the rest inside its log
 * context, and writes one access line when the answer is sent. The context object is also kept on the
 * request: body parsers resume on socket events, outside the context, so RequestContextInterceptor
 * re-enters it around the handler.
 */
export function requestContext(req: RequestWithContext, res: Response, next: NextFunction): void {
  const incoming = req.headers['x-request-id'];
  const requestId = typeof incoming === 'string' && GOOD_ID.test(incoming) ? incoming : newRequestId();
  const ctx: LogContext = { requestId };
  req.logContext = ctx;
  res.setHeader('X-Request-Id', requestId);
  const started = process.hrtime.bigint();
  // No access line to write (LOG_LEVEL above info): nothing to time or format per request.
  if (rootLogger().isLevelEnabled('info')) res.once('finish', () => {
    // Health and metrics are polled every few seconds: their lines would drown the rest.
    if (/^\/(api\/health|metrics)(\/|$)/.test(req.originalUrl)) return;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    runWithLogContext(ctx, () =>
      rootLogger().info({ context: 'HTTP', method: req.method, route: routeOf(req), status: res.statusCode, ms: Math.round(ms * 10) / 10 }, `${req.method} ${routeOf(req)} ${res.statusCode}`),
    );
  });
  runWithLogContext(ctx, next);
}
