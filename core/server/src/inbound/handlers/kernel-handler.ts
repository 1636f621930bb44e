import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { INBOUND_CHAIN, type InboundChainContext, type InboundChainMessage, type InboundHandler, type InboundHandlerResult } from '@atende/sdk-server';

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

/** A customer's own message on a 1:1 chat, not a call: what the kernel's automatic answers talk to. */
export const fromCustomer = (m: InboundChainMessage): boolean => !m.fromMe && !m.isGroup && m.mediaType !== 'call_log';

/** Raw SQL in the chain's transaction (the kernel's handlers read kernel tables; plugins use ports). */
export function execIn(ctx: InboundChainContext) {
  const em = ctx.em as import('@mikro-orm/postgresql').EntityManager;
  return (sql: string, params: unknown[]) => em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<Record<string, unknown>[]>;
}
