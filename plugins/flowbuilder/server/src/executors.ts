import type { FlowNodeOf, NodeExecutionContext, NodeExecutor, NodeResult, NodeType } from '@atende/plugin-flowbuilder-contract';
import { HANDLES, menuHandle } from '@atende/plugin-flowbuilder-contract';

/**
 * The built-in node executors (issue 16 item 3). Each is a pure step over its context: it queues
 * messages and tag changes, and answers where the flow goes next or what it waits for. The engine
 * commits the run's new position, then sends what was queued, in order.
 */

type Ctx<K extends NodeType> = NodeExecutionContext<FlowNodeOf<K>>;
const define = <K extends NodeType>(type: K, execute: (ctx: Ctx<K>) => NodeResult | Promise<NodeResult>): NodeExecutor => ({
  type,
  execute: execute as NodeExecutor['execute'],
});

/** Invalid answers to a menu before the ticket goes to its queue (the spec names no number). */
export const MENU_MAX_INVALID = 3;

/** `{{name}}` tokens: the flow's variables first, then the contact's (userNumber, name, contactName), then ticketId. Unknown tokens stay as they are. */
export function renderTemplate(text: string, variables: Readonly<Record<string, string>>, builtins: Readonly<Record<string, string>>): string {
  // Own keys only: {{constructor}} or {{toString}} must not reach Object.prototype.
  const own = (o: Readonly<Record<string, string>>, k: string) => (Object.hasOwn(o, k) ? o[k] : undefined);
  return text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (all, name: string) => own(variables, name) ?? own(builtins, name) ?? all);
}

export const menuText = (data: FlowNodeOf<'menu'>['data'], render: (s: string) => string) =>
  data.includeOptions === false ? render(data.message) : `${render(data.message)}\n\n${data.arrayOption.map((o) => `[${o.number}] ${render(o.value)}`).join('\n')}`;

/** An option by its number ("2", "2.", "[2]") or its exact text (any case). */
export function pickOption(data: FlowNodeOf<'menu'>['data'], body: string) {
  const text = body.trim();
  const digits = /^\[?\s*(\d{1,3})\s*[\].)]?$/.exec(text);
  if (digits) return data.arrayOption.find((o) => o.number === Number(digits[1])) ?? null;
  return data.arrayOption.find((o) => o.value.trim().toLowerCase() === text.toLowerCase()) ?? null;
}

export function compare(left: string, op: FlowNodeOf<'condition'>['data']['condition'], right: string): boolean {
  const a = left.trim();
  const b = right.trim();
  const na = Number(a.replace(',', '.'));
  const nb = Number(b.replace(',', '.'));
  const numeric = a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb);
  switch (op) {
    case '==':
      return numeric ? na === nb : a.toLowerCase() === b.toLowerCase();
    case '!=':
      return numeric ? na !== nb : a.toLowerCase() !== b.toLowerCase();
    case 'contains':
      return a.toLowerCase().includes(b.toLowerCase());
    case '>':
      return numeric ? na > nb : a > b;
    case '<':
      return numeric ? na < nb : a < b;
    case '>=':
      return numeric ? na >= nb : a >= b;
    case '<=':
      return numeric ? na <= nb : a <= b;
  }
}

const sendMedia = (ctx: NodeExecutionContext, url: string, caption: string | undefined, name: string | undefined) =>
  ctx.send({ body: caption ? ctx.render(caption) : '', media: { url, ...(name ? { name } : {}) } });

interface BlockState {
  i: number;
}
interface MenuState {
  invalid: number;
}
interface FollowUpState {
  entry: number;
  /** Next content item to send of this entry; null while waiting the entry's minutes. */
  item: number | null;
}

export function builtinExecutors(random: () => number = Math.random): NodeExecutor[] {
  return [
    define('start', () => ({ kind: 'next' })),
    define('message', (ctx) => {
      ctx.send({ body: ctx.render(ctx.node.data.label) });
      return { kind: 'next' };
    }),
    define('img', (ctx) => (sendMedia(ctx, ctx.node.data.url, ctx.node.data.caption, ctx.node.data.original), { kind: 'next' })),
    define('video', (ctx) => (sendMedia(ctx, ctx.node.data.url, ctx.node.data.caption, ctx.node.data.original), { kind: 'next' })),
    define('audio', (ctx) => (sendMedia(ctx, ctx.node.data.url, undefined, ctx.node.data.original), { kind: 'next' })),
    define('pdf', (ctx) => (sendMedia(ctx, ctx.node.data.url, undefined, ctx.node.data.original), { kind: 'next' })),
    define('singleBlock', (ctx) => {
      // A message while a pause runs changes nothing: the engine keeps waiting for the timer.
      const { seq, elements } = ctx.node.data;
      const order = seq.length ? seq : elements.map((e) => e.number);
      for (let i = (ctx.state as BlockState | null)?.i ?? 0; i < order.length; i++) {
        const e = elements.find((x) => x.number === order[i]);
        if (!e) continue;
        if (e.type === 'message') ctx.send({ body: ctx.render(String(e.value)) });
        else if (e.type === 'interval') return { kind: 'wait', afterMs: Math.max(1, Number(e.value)) * 1000, state: { i: i + 1 } satisfies BlockState };
        else sendMedia(ctx, String(e.value), e.type === 'img' || e.type === 'video' ? e.caption : undefined, e.original);
      }
      return { kind: 'next' };
    }),
    define('menu', (ctx) => {
      const state = (ctx.state as MenuState | null) ?? { invalid: 0 };
      if (ctx.cause === 'enter') {
        ctx.send({ body: menuText(ctx.node.data, ctx.render) });
        return { kind: 'wait', message: true, state: { invalid: 0 } satisfies MenuState };
      }
      const option = ctx.input ? pickOption(ctx.node.data, ctx.input.body) : null;
      if (option) return { kind: 'next', handle: menuHandle(option.number) };
      if (state.invalid + 1 >= MENU_MAX_INVALID) return { kind: 'handover', reason: 'menu_invalid_answers' };
      ctx.send({ body: menuText(ctx.node.data, ctx.render) });
      return { kind: 'wait', message: true, state: { invalid: state.invalid + 1 } satisfies MenuState };
    }),
    define('question', (ctx) => {
      if (ctx.cause === 'enter') {
        ctx.send({ body: ctx.render(ctx.node.data.message) });
        return { kind: 'wait', message: true };
      }
      const answer = ctx.input?.body.trim() ?? '';
      if (!answer) return { kind: 'wait', message: true };
      return { kind: 'next', variables: { [ctx.node.data.answerKey]: answer } };
    }),
    define('condition', (ctx) => {
      const { key, condition, value } = ctx.node.data;
      const ok = compare((Object.hasOwn(ctx.variables, key) ? ctx.variables[key] : undefined) ?? ctx.render(`{{${key}}}`).replace(/^\{\{.*\}\}$/, ''), condition, ctx.render(value));
      return { kind: 'next', handle: ok ? HANDLES.conditionTrue : HANDLES.conditionFalse };
    }),
    define('randomizer', (ctx) => ({ kind: 'next', handle: random() * 100 < ctx.node.data.percent ? HANDLES.randomizerA : HANDLES.randomizerB })),
    // Waits `sec`; an answer from the contact ends the wait early (the timer is cancelled).
    define('interval', (ctx) => (ctx.cause === 'enter' ? { kind: 'wait', message: true, afterMs: ctx.node.data.sec * 1000 } : { kind: 'next' })),
    define('followUp', (ctx) => {
      const entries = ctx.node.data.intervalTimes;
      if (ctx.cause === 'enter') return { kind: 'wait', message: true, afterMs: entries[0]!.minutes * 60_000, state: { entry: 0, item: null } satisfies FollowUpState };
      if (ctx.cause === 'message') return { kind: 'next', handle: HANDLES.followUpAnswer };
      const state = (ctx.state as FollowUpState | null) ?? { entry: 0, item: null };
      const entry = entries[state.entry];
      if (!entry) return { kind: 'next' };
      const items = entry.content;
      for (let k = state.item ?? 0; k < items.length; k++) {
        const c = items[k]!;
        if (c.type === 'interval') return { kind: 'wait', message: true, afterMs: Math.max(1, Number(c.value ?? 1)) * 1000, state: { entry: state.entry, item: k + 1 } satisfies FollowUpState };
        if (c.type === 'text') {
          if (c.value !== undefined && String(c.value).trim()) ctx.send({ body: ctx.render(String(c.value)) });
        } else if (c.mediaUrl) sendMedia(ctx, c.mediaUrl, c.type === 'audio' ? undefined : c.caption, c.fileName);
      }
      const next = entries[state.entry + 1];
      if (!next) return { kind: 'next' };
      return { kind: 'wait', message: true, afterMs: next.minutes * 60_000, state: { entry: state.entry + 1, item: null } satisfies FollowUpState };
    }),
    define('ticket', (ctx) => {
      // The hand-over message goes out before the ticket moves (effects run in order after the commit).
      const text = ctx.node.data.message?.trim();
      if (text) ctx.send({ body: ctx.render(text).replaceAll('{{queue}}', ctx.node.data.name ?? '') });
      return { kind: 'handover', queueId: ctx.node.data.queueId, userId: ctx.node.data.userId ?? null, reason: 'ticket_node' };
    }),
    define('tags', (ctx) => {
      const add = ctx.node.data.addTagId ? [ctx.node.data.addTagId] : [];
      const remove = ctx.node.data.removeTagId ? [ctx.node.data.removeTagId] : [];
      if (add.length || remove.length) ctx.retag({ add, remove });
      return { kind: 'next' };
    }),
    define('notification', (ctx) => {
      ctx.sendToNumber({ whatsappId: ctx.node.data.connectionId, number: ctx.node.data.targetNumber }, { body: ctx.render(ctx.node.data.message) });
      return { kind: 'next' };
    }),
  ];
}
