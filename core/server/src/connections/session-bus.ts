import { randomUUID } from 'node:crypto';
import type { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppError, type ChannelContact } from '@atende/sdk-server';
import type { SessionLeases } from './session-lease.js';

/** How long a process waits for the owner of a session to carry out a command. */
const COMMAND_TIMEOUT_MS = 15_000;

/** What another process may ask the owner of a session to do (over Redis pub/sub). */
export type SessionOp = 'stop' | 'logout' | 'rejectCall' | 'confirmLink' | 'phoneBook' | 'editMessage' | 'deleteMessage' | 'markRead' | 'isOnChannel';
export interface OpArgs {
  from?: string;
  callId?: string;
  contacts?: ChannelContact[];
  chatId?: string;
  providerMessageId?: string;
  body?: string;
  providerMessageIds?: string[];
  number?: string;
}
type BusMessage =
  | { kind: 'command'; reqId: string; replyTo: string; connectionId: number; op: SessionOp; args: OpArgs }
  | { kind: 'reply'; reqId: string; ok: boolean; result?: unknown; error?: string };

/** What the owner answers for a session it no longer runs (the lease moved meanwhile). */
export const NOT_HERE = { notHere: true } as const;

/**
 * The command bus between processes: each listens on its own channel (named by its lease owner id) for
 * commands on the sessions it runs, and for the replies to the commands it sent.
 */
export class SessionBus {
  /** Subscriber connection: commands for the sessions this process owns, and replies to its own commands. */
  private sub?: Redis;
  private readonly waiting = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();

  constructor(
    private readonly redis: Redis,
    private readonly leases: SessionLeases,
    private readonly logger: Logger,
    private readonly connectionName: string,
  ) {}

  /** Listens on this process's channel; `run` carries out a command (NOT_HERE for a session not run here). Resolves once subscribed. */
  listen(run: (connectionId: number, op: SessionOp, args: OpArgs) => Promise<unknown>): Promise<unknown> {
    this.sub = this.redis.duplicate({ connectionName: this.connectionName });
    this.sub.on('message', (_channel, raw: string) => void this.onMessage(raw, run));
    return this.sub.subscribe(this.leases.busChannel(this.leases.owner)).catch((err: Error) => {
      this.logger.warn(`Session commands: ${err.message}`);
      throw err;
    });
  }

  private async onMessage(raw: string, run: (connectionId: number, op: SessionOp, args: OpArgs) => Promise<unknown>): Promise<void> {
    let msg: BusMessage;
    try {
      msg = JSON.parse(raw) as BusMessage;
    } catch {
      return;
    }
    if (msg.kind === 'reply') {
      const w = this.waiting.get(msg.reqId);
      if (!w) return;
      this.waiting.delete(msg.reqId);
      clearTimeout(w.timer);
      if (msg.ok) w.resolve(msg.result);
      else w.reject(new Error(msg.error ?? 'Session command failed.'));
      return;
    }
    let reply: BusMessage;
    try {
      reply = { kind: 'reply', reqId: msg.reqId, ok: true, result: await run(msg.connectionId, msg.op, msg.args) };
    } catch (err) {
      reply = { kind: 'reply', reqId: msg.reqId, ok: false, error: (err as Error).message };
    }
    await this.redis.publish(this.leases.busChannel(msg.replyTo), JSON.stringify(reply));
  }

  /** Sends a command to `owner` and waits for its answer; `listened` is false when nobody listened on its channel. */
  async send(owner: string, id: number, op: SessionOp, args: OpArgs): Promise<{ listened: boolean; result?: unknown }> {
    const reqId = randomUUID();
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(reqId);
        reject(new AppError('ERR_INTERNAL_SERVER_ERROR', 503, `The process running connection ${id} did not answer.`));
      }, COMMAND_TIMEOUT_MS);
      this.waiting.set(reqId, { resolve, reject, timer });
    });
    const command: BusMessage = { kind: 'command', reqId, replyTo: this.leases.owner, connectionId: id, op, args };
    const receivers = await this.redis.publish(this.leases.busChannel(owner), JSON.stringify(command));
    if (receivers === 0) {
      clearTimeout(this.waiting.get(reqId)?.timer);
      this.waiting.delete(reqId);
      answer.catch(() => undefined);
      return { listened: false };
    }
    return { listened: true, result: await answer };
  }

  close(): void {
    for (const [reqId, w] of this.waiting) {
      clearTimeout(w.timer);
      w.reject(new Error('Server shutting down.'));
      this.waiting.delete(reqId);
    }
    this.sub?.disconnect();
  }
}
