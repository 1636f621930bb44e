import { z } from 'zod';
import type { IntegrationOutcome, IntegrationRunContext, IntegrationType } from '@atende/plugin-integrations-contract';

/** What the Typebot type keeps per ticket: the remote session and when the customer last wrote. */
export interface TypebotState {
  sessionId: string;
  lastAt: number;
}

/** The texts of Typebot's chat messages: rich text flattened, media as their URL. */
export function typebotTexts(messages: unknown): string[] {
  if (!Array.isArray(messages)) return [];
  const flatten = (node: unknown): string => {
    if (!node || typeof node !== 'object') return '';
    const n = node as { text?: unknown; children?: unknown[]; type?: string };
    const own = typeof n.text === 'string' ? n.text : '';
    const kids = Array.isArray(n.children) ? n.children.map(flatten).join('') : '';
    return own + kids;
  };
  return messages
    .map((m) => {
      const msg = m as { type?: string; content?: { richText?: unknown[]; url?: string; markdown?: string } };
      if (msg.type === 'text') {
        if (typeof msg.content?.markdown === 'string') return msg.content.markdown;
        return (msg.content?.richText ?? []).map(flatten).join('\n');
      }
      return typeof msg.content?.url === 'string' ? msg.content.url : '';
    })
    .map((t) => t.trim())
    .filter(Boolean);
}

const same = (a: string, b: string | null) => !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Typebot over its HTTP API: `POST {url}/api/v1/typebots/{slug}/startChat` opens a session,
 * `POST {url}/api/v1/sessions/{id}/continueChat` goes on with the customer's text. The spec's settings:
 * `typebotDelayMessage` (ms between the bot's messages), `typebotExpires` (minutes without a message
 * after which the next one starts a new session; 0 never), `typebotKeywordFinish` (a human takes over),
 * `typebotKeywordRestart` (new session, `typebotRestartMessage` said), `typebotUnknownMessage` (said when
 * the bot answers nothing to a message).
 */
export async function runTypebot(ctx: IntegrationRunContext, now = Date.now()): Promise<IntegrationOutcome> {
  const i = ctx.integration;
  const base = (i.urlN8N ?? '').replace(/\/+$/, '');
  const text = ctx.message.body ?? '';
  const delayMs = i.typebotDelayMessage;
  if (same(text, i.typebotKeywordFinish)) return { kind: 'handover', reason: 'typebot: finish keyword', note: `el cliente escribió la palabra para finalizar («${i.typebotKeywordFinish}»)` };
  let state = ctx.state as TypebotState | null;
  if (same(text, i.typebotKeywordRestart)) {
    return { kind: 'reply', messages: i.typebotRestartMessage ? [i.typebotRestartMessage] : [], state: null, delayMs };
  }
  if (state && i.typebotExpires > 0 && now - state.lastAt > i.typebotExpires * 60_000) state = null;

  const post = async (url: string, body: unknown) => {
    const res = await ctx.fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const raw = await res.text();
    return { status: res.status, ok: res.ok, data: raw ? (JSON.parse(raw) as { sessionId?: string; messages?: unknown }) : {} };
  };
  const start = async (): Promise<IntegrationOutcome> => {
    const r = await post(`${base}/api/v1/typebots/${encodeURIComponent(i.typebotSlug ?? '')}/startChat`, {
      isStreamEnabled: false,
      prefilledVariables: { number: ctx.contact.number, name: ctx.contact.name, ticketId: ctx.ticket.id },
    });
    if (!r.ok || typeof r.data.sessionId !== 'string') throw new Error(`startChat HTTP ${r.status}`);
    return { kind: 'reply', messages: typebotTexts(r.data.messages), state: { sessionId: r.data.sessionId, lastAt: now } satisfies TypebotState, delayMs };
  };
  if (!state) return start();
  const r = await post(`${base}/api/v1/sessions/${encodeURIComponent(state.sessionId)}/continueChat`, { message: text });
  // The remote forgot the session (expired there): a new one.
  if (r.status === 404) return start();
  if (!r.ok) throw new Error(`continueChat HTTP ${r.status}`);
  const messages = typebotTexts(r.data.messages);
  const next: TypebotState = { sessionId: state.sessionId, lastAt: now };
  if (!messages.length) return { kind: 'reply', messages: i.typebotUnknownMessage ? [i.typebotUnknownMessage] : [], state: next, delayMs };
  return { kind: 'reply', messages, state: next, delayMs };
}

export const typebotType: IntegrationType = {
  type: 'typebot',
  fields: z.object({
    urlN8N: z.string({ error: 'required' }).min(1, 'required'),
    typebotSlug: z.string({ error: 'required' }).min(1, 'required'),
  }),
  urlFields: ['urlN8N'],
  run: (ctx) => runTypebot(ctx),
};
