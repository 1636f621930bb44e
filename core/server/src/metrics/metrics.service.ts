import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DomainEvent } from '@atende/core-contract';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { JobQueuesService } from '../jobs/job-queues.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { routeOf } from '../logging/request-context.js';
import { poolUsage } from './pool-gauge.js';

/** Job states whose counts are queue depths. */
const DEPTH_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

/**
 * Prometheus metrics of this process (issue 35 item 4), served at GET /metrics behind METRICS_TOKEN.
 * Counters and the HTTP histogram are updated as things happen; queue depths, sessions, sockets and the
 * pool are read when Prometheus scrapes. Node's own (event-loop lag, heap, GC) come from prom-client.
 */
@Injectable()
export class MetricsService implements OnModuleDestroy {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private readonly http: Histogram<'method' | 'route' | 'status'>;
  private readonly messages: Counter<'direction'>;
  private readonly token: Buffer | null;
  private readonly stopDefault: () => void;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    emitter: EventEmitter2,
    private readonly orm: MikroORM,
    private readonly jobs: JobQueuesService,
    private readonly realtime: RealtimeGateway,
  ) {
    this.token = config.METRICS_TOKEN ? Buffer.from(config.METRICS_TOKEN) : null;
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.stopDefault = () => this.registry.clear();

    this.http = new Histogram({
      name: 'atende_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern, method and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.messages = new Counter({ name: 'atende_messages_total', help: 'WhatsApp messages stored by this process: inbound (from customers) and outbound (sent)', labelNames: ['direction'], registers });
    // Listed at zero from the start, so rate() has a series before the first message.
    this.messages.inc({ direction: 'inbound' }, 0);
    this.messages.inc({ direction: 'outbound' }, 0);
    emitter.on('message.received', (e: DomainEvent<'message.received'>) => {
      if (!e.payload.fromMe) this.messages.inc({ direction: 'inbound' });
    });
    emitter.on('message.sent', () => this.messages.inc({ direction: 'outbound' }));

    const jobsService = this.jobs;
    new Gauge({
      name: 'atende_queue_jobs',
      help: 'Jobs in each BullMQ queue this process has opened, by state (read from Redis at scrape)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        await Promise.all(
          jobsService.openQueues().map(async (q) => {
            const counts = await q.getJobCounts(...DEPTH_STATES).catch(() => null);
            if (counts) for (const state of DEPTH_STATES) this.set({ queue: q.name, state }, counts[state] ?? 0);
          }),
        );
      },
    });
    new Counter({
      name: 'atende_jobs_failed_total',
      help: 'Job attempts that failed in this process, by queue',
      labelNames: ['queue'],
      registers,
      collect() {
        this.reset();
        for (const [queue, n] of jobsService.failed) this.inc({ queue }, n);
      },
    });
    const em = () => this.orm.em.fork();
    new Gauge({
      name: 'atende_sessions',
      help: 'WhatsApp connections by provider and state (all companies, from the database)',
      labelNames: ['provider', 'state'],
      registers,
      async collect() {
        this.reset();
        const rows = await em()
          .getConnection()
          .execute<{ provider: string; status: string; n: string }[]>('select provider, status, count(*)::int as n from whatsapps group by provider, status')
          .catch(() => []);
        for (const r of rows) this.set({ provider: r.provider, state: r.status }, Number(r.n));
      },
    });
    const gateway = this.realtime;
    new Gauge({
      name: 'atende_sockets_open',
      help: 'Socket.io connections open on this process',
      registers,
      collect() {
        this.set(gateway.server?.engine?.clientsCount ?? 0);
      },
    });
    new Gauge({
      name: 'atende_db_pool_connections',
      help: 'PostgreSQL pool of this process: total, idle and waiting (queries queued for a connection)',
      labelNames: ['state'],
      registers,
      collect() {
        const { total, idle, waiting } = poolUsage();
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  /** Express middleware (first in the chain): times every request under its route pattern. */
  readonly observe = (req: Request, res: Response, next: NextFunction): void => {
    const end = this.http.startTimer();
    res.once('finish', () => end({ method: req.method, route: routeOf(req), status: String(res.statusCode) }));
    next();
  };

  /** GET /metrics: 404 without METRICS_TOKEN configured, 401 without the right bearer token. */
  readonly handler = async (req: Request, res: Response): Promise<void> => {
    if (req.method !== 'GET') {
      res.status(405).end();
      return;
    }
    if (!this.token) {
      res.status(404).json({ error: 'ERR_NOT_FOUND', message: 'Metrics are off: set METRICS_TOKEN.' });
      return;
    }
    const given = Buffer.from(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (given.length !== this.token.length || !timingSafeEqual(given, this.token)) {
      res.status(401).json({ error: 'ERR_INVALID_TOKEN', message: 'Missing or wrong metrics token.' });
      return;
    }
    try {
      res.setHeader('Content-Type', this.registry.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.end(await this.registry.metrics());
    } catch (err) {
      this.logger.error(`Collecting metrics: ${(err as Error).message}`);
      res.status(500).end();
    }
  };

  onModuleDestroy(): void {
    this.stopDefault();
  }
}
