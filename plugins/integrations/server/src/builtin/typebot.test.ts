import { describe, expect, it } from 'vitest';
import type { Integration, IntegrationRunContext } from '@atende/plugin-integrations-contract';
import { runTypebot, typebotTexts } from './typebot.js';

const rich = (t: string) => ({ type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text: t }] }] } });

/** A context whose fetch is a recording in-memory Typebot (the HTTP side is covered by the integration test). */
function ctxWith(state: unknown, body: string, answer: (url: string, body: unknown) => { status: number; json: unknown }) {
  const calls: string[] = [];
  const integration = {
    urlN8N: 'https://bot.example/',
    typebotSlug: 'mi-bot',
    typebotDelayMessage: 1000,
    typebotExpires: 1,
    typebotKeywordFinish: 'salir',
    typebotKeywordRestart: 'reiniciar',
    typebotRestartMessage: 'Empecemos de nuevo',
    typebotUnknownMessage: 'No entendí',
  } as Integration;
  const ctx = {
    companyId: 1,
    integration: { ...integration, secret: null },
    ticket: { id: 9, contactId: 1, whatsappId: 1, queueId: null },
    contact: { name: 'Ana', number: '5511' },
    message: { id: 1, body, mediaType: 'chat' },
    state,
    fetch: async (url: string, init?: RequestInit) => {
      calls.push(url);
      const a = answer(url, JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(a.json), { status: a.status, headers: { 'content-type': 'application/json' } });
    },
    signingSecret: async () => 'k',
    setting: async () => '',
  } satisfies IntegrationRunContext;
  return { ctx, calls };
}

describe('typebot runtime', () => {
  it('flattens rich text and keeps media urls', () => {
    expect(typebotTexts([rich('Hola'), { type: 'image', content: { url: 'https://x/y.png' } }])).toEqual(['Hola', 'https://x/y.png']);
  });
  it('starts a session, then continues it', async () => {
    const first = ctxWith(null, 'hola', () => ({ status: 200, json: { sessionId: 's1', messages: [rich('Bienvenido')] } }));
    const started = await runTypebot(first.ctx, 1000);
    expect(first.calls).toEqual(['https://bot.example/api/v1/typebots/mi-bot/startChat']);
    expect(started).toEqual({ kind: 'reply', messages: ['Bienvenido'], state: { sessionId: 's1', lastAt: 1000 }, delayMs: 1000 });
    const next = ctxWith({ sessionId: 's1', lastAt: 1000 }, '2', () => ({ status: 200, json: { messages: [rich('Elegiste 2')] } }));
    expect(await runTypebot(next.ctx, 2000)).toMatchObject({ messages: ['Elegiste 2'], state: { sessionId: 's1', lastAt: 2000 } });
    expect(next.calls).toEqual(['https://bot.example/api/v1/sessions/s1/continueChat']);
  });
  it('an expired session (typebotExpires minutes) starts a new one; so does the remote forgetting it', async () => {
    const late = ctxWith({ sessionId: 's1', lastAt: 0 }, 'hola', () => ({ status: 200, json: { sessionId: 's2', messages: [] } }));
    await runTypebot(late.ctx, 61_000);
    expect(late.calls[0]).toContain('/startChat');
    const gone = ctxWith({ sessionId: 's1', lastAt: 0 }, 'hola', (url) => (url.includes('continueChat') ? { status: 404, json: {} } : { status: 200, json: { sessionId: 's3', messages: [] } }));
    expect(await runTypebot(gone.ctx, 1000)).toMatchObject({ state: { sessionId: 's3' } });
  });
  it('finish keyword hands over; restart keyword resets with its message; an empty answer says the unknown text', async () => {
    expect(await runTypebot(ctxWith({ sessionId: 's', lastAt: 0 }, ' SALIR ', () => ({ status: 500, json: {} })).ctx, 0)).toEqual({
      kind: 'handover',
      reason: 'typebot: finish keyword',
      note: 'el cliente escribió la palabra para finalizar («salir»)',
    });
    expect(await runTypebot(ctxWith({ sessionId: 's', lastAt: 0 }, 'Reiniciar', () => ({ status: 500, json: {} })).ctx, 0)).toMatchObject({ messages: ['Empecemos de nuevo'], state: null });
    expect(await runTypebot(ctxWith({ sessionId: 's', lastAt: 0 }, 'xyz', () => ({ status: 200, json: { messages: [] } })).ctx, 10)).toMatchObject({ messages: ['No entendí'] });
  });
  it('a remote error throws (the runtime retries, then a human takes over)', async () => {
    await expect(runTypebot(ctxWith({ sessionId: 's', lastAt: 0 }, 'x', () => ({ status: 502, json: {} })).ctx, 0)).rejects.toThrow('continueChat HTTP 502');
  });
});
