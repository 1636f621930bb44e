import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { Worker } from 'bullmq';
import { AppError, type ChannelEvents, type ChannelSession, type InboundMessage, type SessionStatus } from '@atende/sdk-server';
import { REDIS } from '../jobs/redis.js';
import { redisNamespace } from '../jobs/namespace.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { JobQueuesService } from '../jobs/job-queues.service.js';
import { ChannelRegistryService } from '../channels/channel-registry.js';
import { WhatsappSchema, type Whatsapp } from '../database/channel-entities.js';
import { ACROSS_TENANTS } from '../tenancy/tenant-filter.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { InboundService, INBOUND_QUEUE, inboundJobId } from '../tickets/inbound.service.js';
import { OutboundService, outboundQueueName } from '../messages/outbound.service.js';
import { MediaStore } from '../media/media-store.js';

const LEASE_MS = 30_000;
const RENEW_MS = 10_000;

interface Live {
  session: ChannelSession;
  worker: Worker;
  renew: NodeJS.Timeout;
}

/**
 * Runs channel sessions. Each connection has exactly one owner process at a time: a Redis lease
 * (renewed every 10 s, 30 s TTL) decides who; a second process does not open the same session. The
 * owner also runs that connection's outbound queue worker, rate-limited so a burst never floods a number.
 */
@Injectable()
export class SessionManager implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private readonly owner = randomUUID();
  private readonly live = new Map<number, Live>();
  private readonly namespace: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly orm: MikroORM,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly registry: ChannelRegistryService,
    private readonly jobs: JobQueuesService,
    private readonly realtime: RealtimeGateway,
    private readonly inbound: InboundService,
    private readonly outbound: OutboundService,
    private readonly media: MediaStore,
  ) {
    this.namespace = redisNamespace(config);
  }

  private leaseKey(id: number) {
    return `${this.namespace}:lease:whatsapp:${id}`;
  }

  /** Resume sessions that were running before a restart (whichever process gets the lease). */
  async onApplicationBootstrap(): Promise<void> {
    const em = this.orm.em.fork();
    const running = await em.find(WhatsappSchema, { status: { $ne: 'DISCONNECTED' } }, ACROSS_TENANTS);
    for (const w of running) await this.start(w).catch((err) => this.logger.warn(`Resume ${w.id}: ${(err as Error).message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    // Hand the sessions over at once: another process may take them without waiting for the lease to lapse.
    for (const id of [...this.live.keys()]) await this.release(id, true);
  }

  isLocal(id: number): boolean {
    return this.live.has(id);
  }

  async start(w: Whatsapp, options: { pairingPhone?: string } = {}): Promise<void> {
    const provider = this.registry.get(w.provider);
    if (!provider) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, `Unknown channel provider "${w.provider}".`);
    if (this.live.has(w.id)) return;
    const got = await this.redis.set(this.leaseKey(w.id), this.owner, 'PX', LEASE_MS, 'NX');
    if (got !== 'OK') return; // another process owns this session
    try {
      const worker = this.jobs.worker(outboundQueueName(w.id), (job) => this.outbound.deliver(job.data, this.sessionOf(w.id)), {
        concurrency: 1,
        limiter: { max: 20, duration: 1000 },
      });
      const renew = setInterval(() => void this.renewLease(w.id), RENEW_MS);
      renew.unref();
      this.live.set(w.id, { session: undefined as unknown as ChannelSession, worker, renew });
      const session = await provider.start({ id: w.id, companyId: w.companyId, name: w.name }, this.eventsFor(w), options);
      this.live.get(w.id)!.session = session;
    } catch (err) {
      await this.release(w.id, false);
      throw err;
    }
  }

  sessionOf(id: number): ChannelSession {
    const live = this.live.get(id);
    if (!live?.session) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    return live.session;
  }

  /** Stops the local session (keeping credentials) or, with logout, forgets them. */
  async stop(id: number, logout = false): Promise<void> {
    const live = this.live.get(id);
    if (live?.session) await (logout ? live.session.logout() : live.session.stop()).catch(() => undefined);
    await this.release(id, true);
    await this.setStatus(id, 'DISCONNECTED', { qrcode: '', retries: 0 });
  }

  private async release(id: number, dropLease: boolean) {
    const live = this.live.get(id);
    this.live.delete(id);
    if (live) {
      clearInterval(live.renew);
      await live.worker.close().catch(() => undefined);
    }
    if (dropLease) {
      // Only the owner deletes the lease.
      await this.redis.eval(`if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`, 1, this.leaseKey(id), this.owner);
    }
  }

  private async renewLease(id: number) {
    const ok = await this.redis.eval(
      `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`,
      1,
      this.leaseKey(id),
      this.owner,
      String(LEASE_MS),
    );
    if (!ok) {
      this.logger.warn(`Lost the lease of connection ${id}; stopping the local session.`);
      const live = this.live.get(id);
      await live?.session?.stop().catch(() => undefined);
      await this.release(id, false);
    }
  }

  /** Inbound work goes through BullMQ with the message id as job id: a crash mid-processing loses nothing. */
  async enqueueInbound(w: Pick<Whatsapp, 'id' | 'companyId'>, message: InboundMessage): Promise<void> {
    // Media is written to disk first (server-generated name); the job carries only its URL.
    let mediaUrl: string | undefined;
    if (message.media) {
      mediaUrl = await this.media.save(w.companyId, message.media.mimetype, message.media.data).catch((err: Error) => {
        this.logger.warn(`Media of ${message.providerMessageId} not kept: ${err.message}`);
        return undefined;
      });
    }
    await this.jobs.queue(INBOUND_QUEUE).add(
      'inbound',
      { whatsappId: w.id, companyId: w.companyId, message: { ...message, media: undefined }, mediaUrl },
      {
        jobId: inboundJobId(w.id, message.providerMessageId),
        attempts: 5,
        backoff: { type: 'exponential', delay: 500 },
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 86400 },
      },
    );
  }

  private async setStatus(id: number, status: SessionStatus, detail: { qrcode?: string; retries?: number; number?: string } = {}) {
    const em = this.orm.em.fork();
    const w = await em.findOne(WhatsappSchema, { id }, ACROSS_TENANTS);
    if (!w) return;
    em.assign(w, { status, ...detail });
    await em.flush();
    const session = { id: w.id, status: w.status, qrcode: w.qrcode, retries: w.retries, number: w.number ?? null, updatedAt: w.updatedAt.toISOString() };
    this.realtime.toCompany(w.companyId, 'whatsappSession', { action: 'update', session });
  }

  private eventsFor(w: Whatsapp): ChannelEvents {
    const companyId = w.companyId;
    return {
      status: (status, detail) => {
        // A provider reporting DISCONNECTED has ended its session for good (logged out, replaced):
        // drop the local session and the lease so a later start begins afresh.
        if (status === 'DISCONNECTED' && this.live.get(w.id)?.session) void this.release(w.id, true);
        void this.setStatus(w.id, status, {
          qrcode: detail?.qrcode ?? (status === 'qrcode' ? undefined : ''),
          ...(detail?.retries !== undefined ? { retries: detail.retries } : {}),
          ...(detail?.number ? { number: detail.number } : {}),
        }).catch((err) => this.logger.error(err));
      },
      message: (message) => this.enqueueInbound(w, message),
      ack: (id, ack) => void this.inbound.ack(companyId, w.id, id, ack).catch((err) => this.logger.error(err)),
      edit: (id, body) => void this.inbound.edit(companyId, w.id, id, body).catch((err) => this.logger.error(err)),
      revoke: (id) => void this.inbound.revoke(companyId, w.id, id).catch((err) => this.logger.error(err)),
      contact: (c) => void this.inbound.contact(companyId, w.id, c).catch((err) => this.logger.error(err)),
    };
  }
}
