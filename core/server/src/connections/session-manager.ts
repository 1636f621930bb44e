import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { Worker } from 'bullmq';
import {
  AppError,
  type ChannelContact,
  type ChannelProvider,
  type ChannelEvents,
  type ChannelSession,
  type InboundMessage,
  type SessionStatus,
} from '@atende/sdk-server';
import { REDIS } from '../jobs/redis.js';
import { redisNamespace } from '../jobs/namespace.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { JobQueuesService } from '../jobs/job-queues.service.js';
import { ChannelRegistryService } from '../channels/channel-registry.js';
import { WhatsappSchema, type Whatsapp } from './whatsapp.entity.js';
import { ACROSS_TENANTS } from '../tenancy/tenant-filter.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { withoutCodes } from './link-codes.js';
import { InboundService, INBOUND_QUEUE, PATCH_JOB, inboundJobId, type InboundJob, type PatchJob } from '../tickets/inbound.service.js';
import { OutboundService, outboundQueueName } from '../messages/outbound.service.js';
import { MediaStore } from '../media/media-store.js';
import { isSandboxSession } from '../channels/sandbox/sandbox.provider.js';
import { localClock } from '../tickets/business-hours.js';
import { ChangeFeed } from '../database/change-feed.js';
import { inboxFor, inboxWorker } from './session-inbox.js';
import { ALIVE_MS, RENEW_MS, SessionLeases } from './session-lease.js';
import { sessionEvents, type StatusDetail } from './session-events.js';
import { NOT_HERE, SessionBus, type OpArgs, type SessionOp } from './session-bus.js';
import { DomainEventsService } from '../events/domain-events.service.js';

/** How often each process looks for connections that should be running and have no live owner. */
const WATCHDOG_MS = 10_000;

const INBOX_CLOSE_WAIT_MS = 10_000;
/** Past this, shutdown stops waiting for drains (each inbox close already gives up after INBOX_CLOSE_WAIT_MS). */
const SHUTDOWN_DEADLINE_MS = 25_000;
interface Live {
  session: ChannelSession;
  worker: Worker;
  /** Handles the session's kept inbound events; started once the session exists. */
  inbox?: Worker;
  renew: NodeJS.Timeout;
  /** The session's last reported status: outbound jobs wait while it is not CONNECTED. */
  status?: SessionStatus;
}

/** A connection's outbound pace: what its provider declares (e.g. 80/s for the Cloud API), else 20/s. */
export function outboundRateOf(provider: Pick<ChannelProvider, 'sendsPerSecond'>): number {
  const declared = provider.sendsPerSecond;
  return declared && Number.isFinite(declared) ? Math.min(1000, Math.max(1, Math.floor(declared))) : 20;
}


/**
 * Runs channel sessions. Each connection has exactly one owner process at a time: a Redis lease
 * (renewed every 10 s, 30 s TTL) decides who; a second process does not open the same session. The
 * owner also runs that connection's outbound queue worker, rate-limited so a burst never floods a number.
 */
@Injectable()

export class SessionManager implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private readonly leases: SessionLeases;
  private readonly bus: SessionBus;
  private readonly live = new Map<number, Live>();
  private readonly namespace: string;
  private readonly timeZone: string;
  private readonly outboundMaxWaitMs: number;
  private watchdog?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private shuttingDown = false;

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
    private readonly events: DomainEventsService,
    private readonly feed: ChangeFeed,
  ) {
    this.namespace = redisNamespace(config);
    this.timeZone = config.BUSINESS_TIMEZONE;
    this.outboundMaxWaitMs = config.OUTBOUND_MAX_WAIT_MS;
    this.leases = new SessionLeases(redis, this.namespace, randomUUID(), this.logger);
    this.bus = new SessionBus(redis, this.leases, this.logger, `${this.namespace}:sessions-bus`);
  }

  /**
   * Resume sessions that were running before a restart (whichever process gets the lease), then keep
   * looking: every WATCHDOG_MS each process starts the connections that should be running (status not
   * DISCONNECTED) and have no live owner: a crashed owner's, or one a deploy handed over (issue 10 item 3).
   */
  async onApplicationBootstrap(): Promise<void> {
    // The lease may have moved meanwhile; then this process has no such session and says so.
    const run = async (id: number, op: SessionOp, args: OpArgs) => (this.live.has(id) ? this.runLocal(id, op, args) : NOT_HERE);
    // Not awaited here: with Redis down the server must still boot (and report it in /api/health).
    this.leases.listening = this.bus.listen(run);
    this.leases.listening.catch(() => undefined);
    this.leases.beat();
    this.heartbeat = setInterval(() => this.leases.beat(), ALIVE_MS / 3);
    this.heartbeat.unref();
    void this.resumeAll();
    this.watchdog = setInterval(() => void this.resumeAll(), WATCHDOG_MS);
    this.watchdog.unref();
  }

  private resuming = false;

  /** Starts every connection that should be running and is not running here (the lease decides who runs it). */
  private async resumeAll(): Promise<void> {
    if (this.resuming || this.shuttingDown) return;
    this.resuming = true;
    try {
      const em = this.orm.em.fork();
      const running = await em.find(WhatsappSchema, { status: { $ne: 'DISCONNECTED' } }, ACROSS_TENANTS);
      for (const w of running) {
        if (this.shuttingDown) break;
        if (!this.live.has(w.id)) await this.start(w, {}, true).catch((err) => this.logger.warn(`Resume ${w.id}: ${(err as Error).message}`));
      }
    } catch (err) {
      this.logger.warn(`Resuming sessions: ${(err as Error).message}`);
    } finally {
      this.resuming = false;
    }
  }

  /**
   * A deploy's SIGTERM (issue 10 item 2): each session stops taking events and finishes what it took
   * (kept in the inbox, keys written), its socket closes, its workers finish their jobs, and only then
   * is its lease released, so the next process never opens the same credentials beside a live socket.
   * The connection's status is left as it was: the next owner resumes it.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    clearInterval(this.watchdog);
    const pending = new Set(this.live.keys());
    const drained = Promise.allSettled(
      [...this.live.entries()].map(async ([id, live]) => {
        const { session } = live;
        // A provider without drain (the sandbox) has nothing in flight; its stop would mark the connection DISCONNECTED.
        if (session?.drain) await session.drain().catch((err: Error) => this.logger.warn(`Draining ${id}: ${err.message}`));
        await this.release(id, true);
        pending.delete(id);
      }),
    );
    // A drain stuck on an unreachable Redis must not keep the process from exiting: what it still held
    // stays in the inbox or with WhatsApp (unacknowledged) and the next owner takes the lease when it lapses.
    const deadline = sleep(SHUTDOWN_DEADLINE_MS, 'timeout' as const, { ref: false });
    if ((await Promise.race([drained.then(() => 'done' as const), deadline])) === 'timeout') {
      this.logger.error(`Shutdown deadline passed; gave up draining connections ${[...pending].join(', ')}.`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    for (const id of [...this.live.keys()]) await this.release(id, true);
    clearInterval(this.heartbeat);
    await this.leases.forgetAlive();
    this.bus.close();
  }

  private async runLocal(id: number, op: SessionOp, args: OpArgs): Promise<unknown> {
    const session = this.live.get(id)?.session;
    switch (op) {
      case 'stop':
      case 'logout':
        await this.stopLocal(id, op === 'logout');
        return true;
      case 'rejectCall':
        if (session?.rejectCall && args.from && args.callId) await session.rejectCall(args.from, args.callId);
        return true;
      case 'confirmLink':
        return session && isSandboxSession(session) ? session.confirmLink() : false;
      case 'phoneBook':
        if (!session || !isSandboxSession(session)) return false;
        session.phoneBook(args.contacts ?? []);
        return true;
      case 'isOnChannel':
        if (!session?.isOnChannel) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
        return session.isOnChannel(args.number!);
      case 'markRead':
        if (session?.markRead && args.chatId && args.providerMessageIds?.length) await session.markRead(args.chatId, args.providerMessageIds);
        return true;
      case 'editMessage':
      case 'deleteMessage':
        if (!session) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
        if (op === 'editMessage') await session.edit(args.chatId!, args.providerMessageId!, args.body!);
        else await session.delete(args.chatId!, args.providerMessageId!);
        return true;
    }
  }

  /**
   * Runs an operation on the session wherever it lives: here, or in the process holding its lease
   * (asked over Redis, answered on this process's channel). `reached` is false when no live
   * process runs the session (none started, or its owner died and the lease has not lapsed yet).
   */
  private async onOwner(id: number, op: SessionOp, args: OpArgs = {}): Promise<{ reached: boolean; result?: unknown; staleOwner?: string }> {
    if (this.live.has(id)) return { reached: true, result: await this.runLocal(id, op, args) };
    const owner = await this.leases.holder(id);
    if (!owner || owner === this.leases.owner) return { reached: false };
    const { listened, result } = await this.bus.send(owner, id, op, args);
    if (!listened) {
      // Its subscriber may only have been reconnecting: once it listens again, the command is sent again.
      if (await this.leases.ownerAlive(owner)) return this.onOwner(id, op, args);
      // The owner is gone without releasing its lease (killed): nobody runs the session.
      return { reached: false, staleOwner: owner };
    }
    if (result && typeof result === 'object' && 'notHere' in result) return { reached: false };
    return { reached: true, result };
  }

  isLocal(id: number): boolean {
    return this.live.has(id);
  }

  /** Starts and stops of one connection in this process, one at a time (see start and stop). */
  private readonly busy = new Map<number, Promise<void>>();

  /**
   * Runs `op` after every start or stop of this connection already under way in this process, and makes
   * later ones wait for it. A stop must not slip in while a start (the watchdog taking over a dead
   * owner's session, say) is still deciding, nor a start while a stop is putting the connection down:
   * either order left a session running here with DISCONNECTED written over it.
   */
  private async oneAtATime(id: number, op: () => Promise<void>): Promise<void> {
    for (let pending = this.busy.get(id); pending; pending = this.busy.get(id)) await pending.catch(() => undefined);
    const run = op();
    this.busy.set(id, run);
    try {
      await run;
    } finally {
      if (this.busy.get(id) === run) this.busy.delete(id);
    }
  }

  /**
   * `resume`: started by the watchdog or at boot, not by a user: only if the connection should still run.
   * Starts of one connection in this process run one after the other: a user's start arriving while
   * the watchdog's is deciding (it may wait a few seconds on a dead owner's heartbeat) would otherwise
   * find the lease held by this very process and do nothing, while the watchdog's then gives up.
   */
  async start(w: Whatsapp, options: { pairingPhone?: string; qr?: boolean } = {}, resume = false): Promise<void> {
    await this.oneAtATime(w.id, () => this.startOnce(w, options, resume));
  }

  private async startOnce(w: Whatsapp, options: { pairingPhone?: string; qr?: boolean }, resume: boolean): Promise<void> {
    const provider = this.registry.get(w.provider);
    if (!provider) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, `Unknown channel provider "${w.provider}".`);
    if (options.pairingPhone && (w.status === 'qrcode' || w.status === 'PAIRING' || w.status === 'OPENING')) {
      // A pairing code asked for while a QR (or another code) is shown: the running session, wherever
      // it runs, is stopped (it holds no linked credentials yet) and starts again asking for the code
      // (issue 10 item 8), instead of the request being ignored because a session already runs.
      await this.stopNow(w.id);
    }
    if (this.live.has(w.id) || this.shuttingDown) return;
    if (!(await this.leases.take(w.id))) return; // another live process owns this session
    if (this.live.has(w.id)) return; // started meanwhile by a concurrent call of this process
    if (resume && (await this.stoppedMeanwhile(w.id))) {
      await this.leases.drop(w.id);
      return;
    }
    let entry: Live | undefined;
    /** Whether events still come from the session this process runs (not one it let go of, see renewLease). */
    const current = () => !entry || this.live.get(w.id) === entry;
    try {
      const worker = this.jobs.worker(
        outboundQueueName(w.id),
        (job, token) =>
          this.outbound.process(job, () => this.sessionOf(w.id), {
            connected: () => this.live.get(w.id)?.status === 'CONNECTED',
            maxWaitMs: this.outboundMaxWaitMs,
            token,
          }),
        // A job a killed process held is taken over within seconds (lock 15 s, checked every 5 s;
        // BullMQ's 30 s / 30 s made it ~60 s): issue 28 item 6. Sending again is safe (exactly-once ids).
        { concurrency: 1, limiter: { max: outboundRateOf(provider), duration: 1000 }, lockDuration: 15_000, stalledInterval: 5_000, maxStalledCount: 5 },
      );
      const renew = setInterval(
        () => void this.renewLease(w.id).catch((err) => this.logger.warn(`Connection ${w.id}: could not renew the lease: ${(err as Error).message}`)),
        RENEW_MS,
      );
      renew.unref();
      entry = { session: undefined as unknown as ChannelSession, worker, renew };
      this.live.set(w.id, entry);
      const session = await provider.start({ id: w.id, companyId: w.companyId, name: w.name }, this.eventsFor(w, current), { ...options, inbox: inboxFor(this.jobs, w.id) });
      if (this.live.get(w.id) !== entry) {
        // Stopped while starting (shutdown, lost lease, a user's stop): the new socket must not linger.
        await session.stop().catch(() => undefined);
        return;
      }
      entry.session = session;
      if (session.handleKept) entry.inbox = inboxWorker(this.jobs, this.logger, w, session);
    } catch (err) {
      const stoppedMeanwhile = !!entry && this.live.get(w.id) !== entry;
      if (!stoppedMeanwhile) await this.release(w.id, false);
      if (stoppedMeanwhile) return;
      // A connection that cannot start (corrupt credentials…) says so, never a stale status (issue 10 item 3).
      this.logger.error(`Connection ${w.id} of company ${w.companyId} could not start: ${(err as Error).message}`);
      await this.setStatus(w.id, 'DISCONNECTED', { qrcode: '', pairingCode: '', statusReason: 'start_failed' }).catch(() => undefined);
      throw err;
    }
  }

  /** The watchdog read the connection as running; a stop (here or elsewhere) may have landed since. */
  private async stoppedMeanwhile(id: number): Promise<boolean> {
    const row = await this.orm.em.fork().findOne(WhatsappSchema, { id }, { ...ACROSS_TENANTS, fields: ['status'] });
    return !row || row.status === 'DISCONNECTED';
  }

  sessionOf(id: number): ChannelSession {
    const live = this.live.get(id);
    if (!live?.session) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    return live.session;
  }

  /**
   * Stops the session (keeping credentials) or, with logout, forgets them — in whichever process
   * runs it. With no live owner the connection is simply marked DISCONNECTED (and a dead owner's
   * lease dropped, so the next start need not wait for it to lapse).
   */
  async stop(id: number, logout = false): Promise<void> {
    // A start of this connection under way here (the watchdog resuming it, say) finishes first: its
    // session is then stopped like any other instead of coming up after the stop was written; and a
    // start asked for meanwhile waits for the stop.
    await this.oneAtATime(id, () => this.stopNow(id, logout));
  }

  private async stopNow(id: number, logout = false): Promise<void> {
    const { reached, staleOwner } = await this.onOwner(id, logout ? 'logout' : 'stop');
    if (reached) return;
    if (staleOwner) {
      await this.leases.drop(id, staleOwner);
    }
    // Held while the connection is put down, so no watchdog starts it meanwhile (a live owner that
    // appeared since keeps it: then only the status is written, and its session sees it stopped).
    const held = await this.leases.take(id).catch(() => false);
    try {
      // Logout means "forget this phone" even when no session runs: the provider unlinks the device
      // with a short-lived connection, and the stored credentials (a provider's auth state, kept by
      // the kernel per connection) go in any case.
      if (logout) {
        if (held) await this.unlinkIdle(id);
        await this.forgetCredentials(id);
      }
      await this.setStatus(id, 'DISCONNECTED', { qrcode: '', pairingCode: '', retries: 0 });
    } finally {
      if (held) await this.leases.drop(id).catch(() => undefined);
    }
  }

  /** The connection's stored credentials (a provider's auth state, kept by the kernel) and its sent-message keys. */
  private async forgetCredentials(id: number): Promise<void> {
    const connection = this.orm.em.fork().getConnection();
    await connection.execute('delete from channel_auth_state where whatsapp_id = ?', [id]);
    await connection.execute('delete from channel_sent_messages where whatsapp_id = ?', [id]);
  }

  /** Unlinks the device of a connection no session runs (the caller holds its lease). */
  private async unlinkIdle(id: number): Promise<void> {
    const w = await this.orm.em.fork().findOne(WhatsappSchema, { id }, ACROSS_TENANTS);
    const provider = w && this.registry.get(w.provider);
    if (!w || !provider?.unlink) return;
    try {
      await provider.unlink({ id: w.id, companyId: w.companyId, name: w.name });
    } catch (err) {
      this.logger.warn(`Connection ${id}: could not unlink the device (${(err as Error).message}); forgetting its credentials anyway.`);
    }
  }

  private async stopLocal(id: number, logout: boolean): Promise<void> {
    const live = this.live.get(id);
    if (live?.session) await (logout ? live.session.logout() : live.session.stop()).catch(() => undefined);
    // A logout forgets the phone here too, whatever the provider's own logout cleared (the sandbox's
    // clears nothing): which path ran depended on whether a watchdog had taken over a dead owner's session.
    if (logout) await this.forgetCredentials(id);
    // The status first, the lease after: a watchdog that takes the freed lease sees DISCONNECTED and
    // leaves the connection alone (the other order let it restart a session the user just stopped).
    await this.setStatus(id, 'DISCONNECTED', { qrcode: '', pairingCode: '', retries: 0 });
    await this.release(id, true);
  }

  /**
   * Edits or deletes a sent message for everyone, through the session wherever it runs (the API
   * request may land on a process that does not own it). Throws when no live process runs it.
   */
  async editMessage(id: number, chatId: string, providerMessageId: string, body: string): Promise<void> {
    const { reached } = await this.onOwner(id, 'editMessage', { chatId, providerMessageId, body });
    if (!reached) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
  }

  async deleteMessage(id: number, chatId: string, providerMessageId: string): Promise<void> {
    const { reached } = await this.onOwner(id, 'deleteMessage', { chatId, providerMessageId });
    if (!reached) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
  }

  /** Whether a number can get messages through the connection, asked of its live session wherever it runs. */
  async isOnChannel(id: number, number: string): Promise<boolean> {
    const { reached, result } = await this.onOwner(id, 'isOnChannel', { number });
    if (!reached) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    return result === true;
  }

  /** Read receipts through the session wherever it runs; nothing happens when none runs (best effort). */
  async markRead(id: number, chatId: string, providerMessageIds: string[]): Promise<void> {
    if (!providerMessageIds.length) return;
    await this.onOwner(id, 'markRead', { chatId, providerMessageIds });
  }

  /** The sandbox phone reports its address book; false when no live sandbox session took it. */
  async phoneBook(id: number, contacts: ChannelContact[]): Promise<boolean> {
    const { reached, result } = await this.onOwner(id, 'phoneBook', { contacts });
    return reached && result === true;
  }

  /** The sandbox phone "scans" the QR or types the code; false when its session was not waiting for it. */
  async confirmLink(id: number): Promise<boolean> {
    const { reached, result } = await this.onOwner(id, 'confirmLink');
    return reached && result === true;
  }

  /**
   * An incoming call (core-operations §3 `call`): always a call_log message on the caller's ticket;
   * when the company does not take calls (`call` ≠ enabled) the session rejects it and the
   * connection answers with a text (see InboundService).
   */
  async incomingCall(w: Pick<Whatsapp, 'id' | 'companyId'>, from: string, callId: string): Promise<void> {
    const [setting] = await this.orm.em
      .fork()
      .getConnection()
      .execute(`select value from settings where company_id = ? and key = 'call'`, [w.companyId]);
    const accepted = setting?.value === 'enabled';
    if (!accepted) {
      await this.onOwner(w.id, 'rejectCall', { from, callId }).catch((err: Error) => this.logger.warn(`Reject call ${callId}: ${err.message}`));
    }
    const at = new Date();
    await this.queueInbound(
      w,
      {
        providerMessageId: `call-${callId}`,
        chatId: from,
        isGroup: false,
        from,
        fromMe: false,
        body: `Llamada de voz/video perdida a las ${localClock(at, this.timeZone).time}`,
        mediaType: 'call_log',
        timestamp: at,
      },
      { callRejected: !accepted },
    );
  }

  private async release(id: number, dropLease: boolean) {
    const live = this.live.get(id);
    this.live.delete(id);
    if (live) {
      // Both workers finish the jobs they hold before the lease goes; a kept item still downloading after
      // INBOX_CLOSE_WAIT_MS is left (its lock lapses and the next owner takes it again, idempotently).
      const inbox = live.inbox;
      const inboxClosed = inbox
        ? Promise.race([inbox.close(), sleep(INBOX_CLOSE_WAIT_MS, undefined, { ref: false }).then(() => inbox.close(true))])
        : undefined;
      await Promise.allSettled([live.worker.close(), inboxClosed]);
      clearInterval(live.renew);
    }
    if (dropLease) {
      // Only the owner deletes the lease.
      await this.leases.drop(id);
    }
  }

  /**
   * Extends this process's lease. A key that is gone (Redis restarted without it, or flushed) is taken
   * back with SET NX and the session goes on: nobody else owns it (issue 28 item 3; stopping here tore
   * every session down at once). Only a key another owner holds stops the local session, without a
   * status: that owner runs the connection and tells its status.
   */
  private async renewLease(id: number) {
    const ok = await this.leases.extend(id);
    if (ok || !this.live.has(id)) return; // released meanwhile: nothing to keep
    if (await this.leases.takeBack(id)) {
      // Released while taking it back: the key must not keep the connection from starting elsewhere.
      if (!this.live.has(id)) await this.leases.drop(id);
      else this.logger.warn(`Connection ${id}: its lease was gone from Redis; taken back, the session goes on.`);
      return;
    }
    const live = this.live.get(id);
    if (!live) return;
    this.logger.warn(`Lost the lease of connection ${id} to ${(await this.leases.holder(id)) ?? 'another process'}; stopping the local session.`);
    // Out of `live` (release does that first) before the socket closes, so the DISCONNECTED it reports
    // is not written (see eventsFor); the workers finish their jobs meanwhile.
    const released = this.release(id, false);
    await live.session?.stop().catch(() => undefined);
    await released;
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
    await this.queueInbound(w, { ...message, media: undefined }, { mediaUrl });
  }

  /** An edit or revoke a channel reported (the sandbox phone's too), as a job of the inbound queue. */
  async queuePatch(patch: PatchJob): Promise<void> {
    // One job per change (an edit's text and its author are part of its id): the same change reported twice
    // is one job, and someone else's refused attempt does not take the id of the writer's own change.
    const { fromMe, chatId, participant } = patch.author;
    const change = createHash('sha256')
      .update(JSON.stringify([patch.kind, patch.body ?? '', fromMe, chatId, participant ?? null]))
      .digest('base64url')
      .slice(0, 16);
    await this.jobs
      .queue(INBOUND_QUEUE)
      .add(PATCH_JOB, patch, {
        jobId: `${inboundJobId(patch.whatsappId, patch.providerMessageId)}-${change}`,
        attempts: 6,
        backoff: { type: 'exponential', delay: 500 },
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 86400 },
      });
  }

  /** Into the inbound inbox (one XADD); a message reported twice is stored once (the messages' unique provider id). */
  private async queueInbound(w: Pick<Whatsapp, 'id' | 'companyId'>, message: InboundMessage, extra: Pick<InboundJob, 'mediaUrl' | 'callRejected'>) {
    await this.inbound.inbox.add({ whatsappId: w.id, companyId: w.companyId, message, ...extra } satisfies InboundJob);
  }

  private async setStatus(
    id: number,
    status: SessionStatus,
    detail: StatusDetail = {},
  ) {
    const em = this.orm.em.fork();
    const w = await em.findOne(WhatsappSchema, { id }, ACROSS_TENANTS);
    if (!w) return;
    em.assign(w, { status, ...detail });
    await em.flush();
    this.feed.changed('w', w.id); // this process's caches (the sandbox's route) forget at once; others hear the NOTIFY
    this.events.emit('connection.status', w.companyId, { whatsappId: w.id, status: w.status, reason: w.statusReason ?? null });
    const session = {
      id: w.id,
      status: w.status,
      statusReason: w.statusReason ?? null,
      qrcode: w.qrcode,
      pairingCode: w.pairingCode,
      retries: w.retries,
      number: w.number ?? null,
      updatedAt: w.updatedAt.toISOString(),
    };
    this.realtime.toCompanySplit(w.companyId, 'whatsappSession', { action: 'update', session }, { action: 'update', session: withoutCodes(session) });
  }

  private async releaseReplaced(w: Whatsapp, status: SessionStatus, detail: { reason?: string }): Promise<void> {
    try {
      const holder = await this.leases.holder(w.id);
      if (holder !== this.leases.owner) {
        this.logger.warn(`Connection ${w.id}: replaced by the process that now holds it (${holder ?? 'none'}); status left to it.`);
        await this.release(w.id, false);
        return;
      }
      await this.release(w.id, true);
      await this.setStatus(w.id, status, { qrcode: '', pairingCode: '', statusReason: detail.reason ?? null });
    } catch (err) {
      this.logger.error(err);
    }
  }

  /** What the session reports, acted on by this manager (see sessionEvents). */
  private eventsFor(w: Whatsapp, current: () => boolean): ChannelEvents {
    return sessionEvents(w, current, {
      logger: this.logger,
      inbound: this.inbound,
      live: (id) => this.live.get(id),
      setStatus: (id, status, detail) => this.setStatus(id, status, detail),
      releaseReplaced: (x, status, detail) => this.releaseReplaced(x, status, detail),
      release: (id, dropLease) => this.release(id, dropLease),
      enqueueInbound: (x, message) => this.enqueueInbound(x, message),
      queuePatch: (patch) => this.queuePatch(patch),
      incomingCall: (x, from, callId) => this.incomingCall(x, from, callId),
    });
  }
}
