import { createSign } from 'node:crypto';
import { z } from 'zod';
import type { GuardedFetch, IntegrationOutcome, IntegrationRunContext, IntegrationType } from '@atende/plugin-integrations-contract';
import { DIALOGFLOW_BASE_URL, GOOGLE_TOKEN_URL } from '../settings.js';

interface ServiceAccount {
  client_email: string;
  private_key: string;
}

export function parseServiceAccount(json: string | null): ServiceAccount {
  let data: unknown;
  try {
    data = JSON.parse(json ?? '');
  } catch {
    throw new Error('service account JSON unreadable');
  }
  const sa = data as Partial<ServiceAccount>;
  if (typeof sa?.client_email !== 'string' || typeof sa.private_key !== 'string') throw new Error('service account JSON lacks client_email or private_key');
  return sa as ServiceAccount;
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** The JWT-bearer assertion Google's token endpoint exchanges for an access token (RFC 7523). */
export function assertion(sa: ServiceAccount, audience: string, nowSec = Math.floor(Date.now() / 1000)): string {
  const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(JSON.stringify({ iss: sa.client_email, scope: 'https://www.googleapis.com/auth/cloud-platform', aud: audience, iat: nowSec, exp: nowSec + 3600 }));
  const signature = createSign('RSA-SHA256').update(`${head}.${claims}`).sign(sa.private_key);
  return `${head}.${claims}.${b64url(signature)}`;
}

/** Tokens per service account until shortly before they expire (one process). */
const tokens = new Map<string, { token: string; until: number }>();

async function accessToken(fetch: GuardedFetch, tokenUrl: string, sa: ServiceAccount): Promise<string> {
  const key = `${tokenUrl}|${sa.client_email}`;
  const kept = tokens.get(key);
  if (kept && kept.until > Date.now()) return kept.token;
  const res = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: assertion(sa, tokenUrl) }).toString(),
  });
  const data = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
  if (!res.ok || !data.access_token) throw new Error(`token HTTP ${res.status}`);
  tokens.set(key, { token: data.access_token, until: Date.now() + Math.max(60, (data.expires_in ?? 3600) - 60) * 1000 });
  return data.access_token;
}

/** Dialogflow ES v2 detectIntent; answers the fulfillment texts and whether the agent ended the conversation. */
async function detect(ctx: Pick<IntegrationRunContext, 'fetch' | 'setting' | 'integration'>, session: string, text: string) {
  const sa = parseServiceAccount(ctx.integration.secret);
  const base = (await ctx.setting(DIALOGFLOW_BASE_URL)).replace(/\/+$/, '');
  const token = await accessToken(ctx.fetch, await ctx.setting(GOOGLE_TOKEN_URL), sa);
  const project = encodeURIComponent(ctx.integration.projectName ?? '');
  const res = await ctx.fetch(`${base}/v2/projects/${project}/agent/sessions/${encodeURIComponent(session)}:detectIntent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ queryInput: { text: { text: text.slice(0, 256), languageCode: ctx.integration.language || 'es' } } }),
  });
  if (!res.ok) throw new Error(`detectIntent HTTP ${res.status}`);
  const data = (await res.json()) as {
    queryResult?: { fulfillmentText?: string; fulfillmentMessages?: { text?: { text?: string[] } }[]; diagnosticInfo?: { end_conversation?: boolean } };
  };
  const q = data.queryResult ?? {};
  const fromMessages = (q.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) => t.trim());
  const texts = fromMessages.length ? fromMessages : q.fulfillmentText ? [q.fulfillmentText] : [];
  return { texts, end: q.diagnosticInfo?.end_conversation === true };
}

async function run(ctx: IntegrationRunContext): Promise<IntegrationOutcome> {
  // The ticket is the conversation: Dialogflow keeps its context per session id.
  const r = await detect(ctx, `ticket-${ctx.ticket.id}`, ctx.message.body || '(media)');
  return { kind: 'reply', messages: r.texts, done: r.end };
}

export const dialogflowType: IntegrationType = {
  type: 'dialogflow',
  secretJson: true,
  fields: z.object({
    projectName: z.string({ error: 'required' }).min(1, 'required'),
    language: z.string({ error: 'required' }).min(1, 'required'),
    hasSecret: z.literal(true, { error: 'required' }),
  }),
  run,
  test: async (ctx) => {
    try {
      const r = await detect(ctx, `test-${Date.now()}`, 'hola');
      return { ok: true, message: r.texts[0] ?? '' };
    } catch (err) {
      return { ok: false, message: (err as { reason?: string }).reason ?? (err as Error).message };
    }
  },
};
