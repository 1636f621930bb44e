import { jsonOf, startFake, type FakeServer } from './fake-server.js';

const text = (t: string) => ({ id: Math.random().toString(36).slice(2), type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text: t }] }] } });

/**
 * Typebot's chat API (v1): `POST /api/v1/typebots/{slug}/startChat` opens a session and greets;
 * `POST /api/v1/sessions/{id}/continueChat` answers "Elegiste <text>" ("?" answers no message, for the
 * unknown-message text). Unknown slug: 404. `fail = true` answers 500.
 */
export async function startTypebotFake(slug = 'mi-bot'): Promise<FakeServer & { fail: boolean; sessions: Map<string, string[]> }> {
  const sessions = new Map<string, string[]>();
  // The handler reads the returned object: a test sets `fail` on it.
  let flags: { fail: boolean } = { fail: false };
  let next = 1;
  const fake = await startFake((req) => {
    if (flags.fail) return { status: 500, json: { message: 'down' } };
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(req.url);
    if (start && req.method === 'POST') {
      if (decodeURIComponent(start[1]!) !== slug) return { status: 404, json: { message: 'Typebot not found' } };
      const id = `sess-${next++}`;
      sessions.set(id, []);
      const vars = jsonOf<{ prefilledVariables?: { name?: string } }>(req).prefilledVariables ?? {};
      return { json: { sessionId: id, messages: [text(`Hola ${vars.name ?? ''}, soy el bot`), text('Elige 1 o 2')], input: { type: 'text input' } } };
    }
    const cont = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(req.url);
    if (cont && req.method === 'POST') {
      const said = sessions.get(decodeURIComponent(cont[1]!));
      if (!said) return { status: 404, json: { message: 'Session not found' } };
      const { message } = jsonOf<{ message: string }>(req);
      said.push(message);
      return { json: { messages: message === '?' ? [] : [text(`Elegiste ${message}`)] } };
    }
    return { status: 404, json: { message: 'not found' } };
  });
  const out = Object.assign(fake, { sessions, fail: false });
  flags = out;
  return out;
}
