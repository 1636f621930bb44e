#!/usr/bin/env node
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { MikroORM } from '@mikro-orm/postgresql';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppModule } from './app.module.js';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { loadSecrets } from './config/secrets.js';
import { createRedis } from './jobs/redis.js';
import { bootstrapPlatform } from './platform/platform-bootstrap.js';
import { loadPlugins, readPluginList, type LoadedPlugin } from './plugins/plugin-loader.js';
import { RedisIoAdapter } from './realtime/redis-io.adapter.js';
import { redisNamespace } from './jobs/namespace.js';
import { securityHeaders, shellCsp } from './http/security-headers.js';
import { PluginRegistry } from './plugins/plugin-registry.js';
import { jsonGzip } from './http/json-gzip.js';
import { compressedStatic } from './http/compressed-static.js';
import { configureLogging, defaultFormat, PinoNestLogger } from './logging/logger.js';
import { requestContext } from './logging/request-context.js';
import { RequestContextInterceptor } from './logging/request-context.interceptor.js';
import { MetricsService } from './metrics/metrics.service.js';
import { drainState } from './health/draining.js';
import { aliasRewriter, preparePluginRoutes } from './plugins/plugin-routes.js';
import { KERNEL_CONTROLLERS } from './kernel-modules.js';

function shellDist(config: AppConfig): string | null {
  if (config.SHELL_DIST) return path.resolve(config.SHELL_DIST);
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve('@atende/shell/package.json')), 'dist');
  } catch {
    return null;
  }
}

/** Hashed files under assets/ never change; entry files (index.html, remoteEntry.js) must be revalidated. */
function cacheHeaders(res: Response, file: string) {
  res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Static files: each plugin's remote under /plugins/<id>/, then the shell SPA for every other GET.
 * Compressible files are compressed once and answered from memory (compressed-static.ts).
 */
function serveStatic(app: NestExpressApplication, plugins: LoadedPlugin[], shellDir: string | null) {
  for (const { definition, webDir } of plugins) {
    if (webDir) app.use(`/plugins/${definition.id}`, compressedStatic(webDir, cacheHeaders), express.static(webDir, { fallthrough: false, setHeaders: cacheHeaders }));
  }
  if (!shellDir || !existsSync(path.join(shellDir, 'index.html'))) {
    Logger.warn(`Shell not built (${shellDir ?? '@atende/shell not installed'}); only the API is served.`, 'Static');
    return;
  }
  app.use(compressedStatic(shellDir, cacheHeaders), express.static(shellDir, { index: false, setHeaders: cacheHeaders }));
  const index = path.join(shellDir, 'index.html');
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || /^\/(api|plugins|socket\.io)(\/|$)/.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

/** Past this, a shutdown stuck on an unreachable database or Redis is cut short (a deploy's kill comes at ~60 s). */
const SHUTDOWN_HARD_LIMIT_MS = 35_000;

/**
 * SIGTERM/SIGINT: the app closes (its hooks drain sessions and inboxes), then the process exits even if
 * a pool or a timer would keep it alive; a close that hangs (issue 28: after a database outage SIGTERM
 * hung for minutes) is cut short by a hard timer. Replaces Nest's enableShutdownHooks, which waits forever.
 */
function exitOnSignals(app: NestExpressApplication, logger: Logger, drainDelayMs: number, afterClose: () => void): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // Readiness answers 503 from now on; DRAIN_DELAY_MS gives the proxy time to notice before the app closes.
    drainState.start();
    logger.log(`${signal}: shutting down${drainDelayMs ? ` in ${drainDelayMs} ms (draining)` : ''}`);
    setTimeout(() => {
      logger.error(`Shutdown did not end within ${SHUTDOWN_HARD_LIMIT_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_HARD_LIMIT_MS + drainDelayMs).unref();
    new Promise((resolve) => setTimeout(resolve, drainDelayMs)).then(() => app.close()).then(
      () => {
        afterClose();
        process.exit(0);
      },
      (err: unknown) => {
        logger.error(`Shutdown failed: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function main() {
  const config = loadConfig();
  // pino for every line of the kernel and plugins (Nest's Logger included): JSON, or pretty in a terminal.
  const pino = configureLogging({ level: config.LOG_LEVEL, format: defaultFormat(config.LOG_FORMAT) });
  Logger.overrideLogger(new PinoNestLogger(pino));
  const logger = new Logger('Atende');
  const secrets = loadSecrets(config.dataDir, {
    jwtSecret: config.JWT_SECRET,
    jwtRefreshSecret: config.JWT_REFRESH_SECRET,
    channelKey: config.CHANNEL_SECRET,
  });
  const plugins = await loadPlugins(readPluginList(config.ATENDE_PLUGINS, undefined, config.ATENDE_PLUGINS_DISABLED));
  // Plugin routes under /api/<id>/, the spec's paths as aliases; a collision stops the boot here.
  const aliases = preparePluginRoutes(KERNEL_CONTROLLERS, plugins);
  // Every connection carries the deployment's namespace in its name (its duplicates too), so CLIENT LIST tells what is ours.
  const redis = createRedis(config.REDIS_URL, { connectionName: `${redisNamespace(config)}:main` });
  redis.on('error', (err) => logger.warn(`Redis: ${err.message}`));

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, secrets, plugins, redis }), {
    logger: new PinoNestLogger(pino),
    bodyParser: true,
    // `req.rawBody`: the exact bytes of a JSON body, for a plugin's signed webhook (HMAC over the raw body).
    rawBody: true,
  });
  // First: every request gets its id and log context, and is timed for the metrics.
  app.use(requestContext);
  app.use(app.get(MetricsService).observe);
  app.useGlobalInterceptors(new RequestContextInterceptor());
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // Before the body parsers, so their 400/413 answers carry the same headers.
  app.use(securityHeaders(shellCsp(app.get(PluginRegistry).cspSources), app.get(PluginRegistry).openerPaths));
  // Before every route: an alias (GET /api/tags/kanban) is answered by its plugin's route (/api/kanban/tags/kanban).
  app.use(aliasRewriter(aliases));
  app.useBodyParser('json', { limit: '1mb' });
  app.setGlobalPrefix('api');
  // API answers of 1-64 kB are gzipped in one call (json-gzip.ts); `compression` streams the rest.
  app.use('/api', jsonGzip);
  app.use(compression());
  app.use(cookieParser());
  const io = new RedisIoAdapter(app, redis, redisNamespace(config));
  app.useWebSocketAdapter(io);
  exitOnSignals(app, logger, config.DRAIN_DELAY_MS, () => io.disconnect());

  const orm = app.get(MikroORM);
  const applied = await orm.migrator.up();
  if (applied.length) logger.log(`Applied migrations: ${applied.map((m) => m.name).join(', ')}`);
  await bootstrapPlatform(orm.em, config.SUPER_EMAIL, config.SUPER_PASSWORD, (m) => logger.log(m));

  // Prometheus scrapes /metrics (outside /api, as it expects), before the shell's catch-all.
  app.use('/metrics', app.get(MetricsService).handler);
  serveStatic(app, plugins, shellDist(config));
  await app.init();
  await app.listen(config.PORT, config.HOST);
  logger.log(`Plugins: ${plugins.map((p) => p.definition.id).join(', ') || 'none'}`);
  logger.log(`Atende listening on http://localhost:${config.PORT}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
