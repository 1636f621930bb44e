import { z } from 'zod';
import type { IntegrationOutcome, IntegrationRunContext, IntegrationType } from '@atende/plugin-integrations-contract';
import { signBody } from '../crypto.js';

/**
 * n8n and webhook: the customer's message is POSTed as JSON to `urlN8N`, signed with the company's key
 * (`X-Atende-Signature: sha256=HMAC(key, "<X-Atende-Timestamp>.<body>")`), and what comes back is the
 * answer: a text body, or JSON with `reply` / `replies` / `messages` (texts) — an n8n "Respond to
 * Webhook" node's `[{ output }]` too — and `handover: true` (with `reason`) to give the ticket to a human.
 */
export function webhookPayload(ctx: IntegrationRunContext) {
  return {
    event: 'message.received',
    integration: { id: ctx.integration.id, type: ctx.integration.type, name: ctx.integration.name },
    companyId: ctx.companyId,
    ticket: { id: ctx.ticket.id, queueId: ctx.ticket.queueId, whatsappId: ctx.ticket.whatsappId },
    contact: { id: ctx.ticket.contactId, name: ctx.contact.name, number: ctx.contact.number },
    message: ctx.message,
    state: ctx.state,
  };
}

/** The texts (and a hand-over wish) in whatever a webhook answered. */
export function readAnswer(contentType: string, text: string): IntegrationOutcome {
  if (!text.trim()) return { kind: 'pass' };
  if (!contentType.includes('json')) return { kind: 'reply', messages: [text.trim()] };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('invalid JSON answer');
  }
  const first = Array.isArray(data) ? data[0] : data;
  if (!first || typeof first !== 'object') return typeof first === 'string' ? { kind: 'reply', messages: [first] } : { kind: 'pass' };
  const o = first as Record<string, unknown>;
  const texts = [o.reply, o.output, o.text, ...(Array.isArray(o.replies) ? o.replies : []), ...(Array.isArray(o.messages) ? o.messages : [])].filter(
    (t): t is string => typeof t === 'string' && !!t.trim(),
  );
  if (o.handover === true) {
    const why = typeof o.reason === 'string' && o.reason ? o.reason.slice(0, 200) : '';
    return { kind: 'handover', reason: why ? `webhook: ${why}` : 'webhook asked for a human', note: why ? `el servicio pidió un agente (${why})` : 'el servicio pidió un agente', messages: texts };
  }
  const state = 'state' in o ? o.state : undefined;
  return texts.length ? { kind: 'reply', messages: texts, state, done: o.done === true } : { kind: 'pass', state };
}

async function run(ctx: IntegrationRunContext): Promise<IntegrationOutcome> {
  const url = ctx.integration.urlN8N;
  if (!url) return { kind: 'handover', reason: 'no URL configured', note: 'no tiene URL configurada' };
  const body = JSON.stringify(webhookPayload(ctx));
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await ctx.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-atende-timestamp': timestamp, 'x-atende-signature': signBody(await ctx.signingSecret(), timestamp, body) },
    body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return readAnswer(res.headers.get('content-type') ?? '', text);
}

const fields = z.object({ urlN8N: z.string({ error: 'required' }).min(1, 'required') });

export const n8nType: IntegrationType = { type: 'n8n', fields, urlFields: ['urlN8N'], run };
export const webhookType: IntegrationType = { type: 'webhook', fields, urlFields: ['urlN8N'], run };
