import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { INBOUND_CHAIN, type InboundChainContext, type InboundChainMessage, type InboundChainTicket, type InboundHandler, type InboundHandlerResult } from '@atende/sdk-server';

/**
 * A kernel handler on the inbound chain: registered like a plugin's (through the SDK's extension
 * point) when its module starts, removed when it stops.
 */
export abstract class KernelInboundHandler implements InboundHandler, OnModuleInit, OnModuleDestroy {
  abstract readonly key: `kernel.${string}`;
  abstract readonly priority: number;
  private unregister?: () => void;

  abstract handle(ctx: InboundChainContext): Promise<InboundHandlerResult>;

  onModuleInit(): void {
    this.unregister = INBOUND_CHAIN.register(this.key, this);
  }

  onModuleDestroy(): void {
    this.unregister?.();
  }
}

/**
 * The chain's ticket view as the kernel builds it: with the queue bot's first-contact mark, so the
 * kernel's handlers can tell without a query that they have nothing to do (plugins see the SDK type).
 */
export interface KernelChainTicket extends InboundChainTicket {
  /** The queue bot (or the out-of-hours answer) has already answered on this ticket. */
  botStarted?: boolean;
}

/** A customer's own message on a 1:1 chat, not a call: what the kernel's automatic answers talk to. */
export const fromCustomer = (m: InboundChainMessage): boolean => !m.fromMe && !m.isGroup && m.mediaType !== 'call_log';

/** Raw SQL in the chain's transaction (the kernel's handlers read kernel tables; plugins use ports). */
export function execIn(ctx: InboundChainContext) {
  const em = ctx.em as import('@mikro-orm/postgresql').EntityManager;
  return (sql: string, params: unknown[]) => em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<Record<string, unknown>[]>;
}
