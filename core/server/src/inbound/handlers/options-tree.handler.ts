import { Injectable } from '@nestjs/common';
import type { InboundChainContext, InboundHandlerResult } from '@atende/sdk-server';
import { KernelInboundHandler, execIn } from './kernel-handler.js';

export const OPTIONS_TREE_HOLDER = 'kernel.options-tree';
export interface OptionsTreeState {
  queueId: number;
  /** The option the customer stands on (null: the queue's roots). */
  optionId: number | null;
}

type Exec = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
type QueueOption = { id: number; title: string; message: string; option: string };

function options(exec: Exec, companyId: number, queueId: number, parentId: number | null): Promise<QueueOption[]> {
  return exec(
    `select o.id, o.title, o.message, o.option from queue_options o join queues q on q.id = o.queue_id and q.company_id = ?
      where o.queue_id = ? and o.parent_id ${parentId == null ? 'is null' : '= ?'} order by o.option::int, o.id`,
    parentId == null ? [companyId, queueId] : [companyId, queueId, parentId],
  ) as Promise<QueueOption[]>;
}

const menu = (level: { title: string; option: string }[]) => level.map((o) => `*${o.option}* - ${o.title}`).join('\n');

/**
 * Starts the options tree of a queue the ticket just entered (the queue bot calls it): with options,
 * the tree takes the hold at its roots and their menu is returned; without, null.
 */
export async function startOptionsTree(ctx: InboundChainContext, queueId: number): Promise<string | null> {
  const roots = await options(execIn(ctx), ctx.companyId, queueId, null);
  if (!roots.length) return null;
  await ctx.handOver(OPTIONS_TREE_HOLDER, { queueId, optionId: null } satisfies OptionsTreeState);
  return menu(roots);
}

/**
 * The options-tree walker (core-operations §3): while it holds a pending ticket, a number of the
 * current level sends that option's message and, if it has children, their menu (the hold moves
 * down); a leaf lets go (an agent takes over). Anything else repeats the current menu.
 */
@Injectable()
export class OptionsTreeHandler extends KernelInboundHandler {
  readonly key = OPTIONS_TREE_HOLDER;
  readonly priority = 920;

  /** Only as the holder: the queue bot hands it the ticket. */
  appliesTo(): boolean {
    return false;
  }

  async handle(ctx: InboundChainContext): Promise<InboundHandlerResult> {
    const state = (ctx.holder?.state ?? {}) as Partial<OptionsTreeState>;
    // The ticket left the queue the tree belongs to (or left pending): nothing more to walk.
    const queueId = state.queueId;
    if (ctx.ticket.status !== 'pending' || queueId == null || ctx.ticket.queueId !== queueId) {
      await ctx.release();
      return 'pass';
    }
    if (ctx.message.fromMe || ctx.message.isGroup || ctx.message.mediaType === 'call_log') return 'handled';
    const exec = execIn(ctx);
    const level = await options(exec, ctx.companyId, queueId, state.optionId ?? null);
    if (!level.length) {
      await ctx.release();
      return 'handled';
    }
    const picked = level.find((o) => o.option === ctx.message.body.trim());
    if (!picked) {
      ctx.reply(menu(level));
      return 'handled';
    }
    const children = await options(exec, ctx.companyId, queueId, picked.id);
    if (children.length) await ctx.claim({ queueId, optionId: picked.id } satisfies OptionsTreeState);
    else await ctx.release();
    const text = [picked.message, children.length ? menu(children) : ''].filter(Boolean).join('\n\n');
    if (text) ctx.reply(text);
    return 'handled';
  }
}
