import { createHmac, timingSafeEqual } from 'node:crypto';
import { jsonOf, startFake, type FakeServer, type Recorded } from './fake-server.js';

/** How the fake receiver behaves for the next requests. */
export type WebhookMode = 'answer' | 'fail' | 'stall' | 'handover';

/**
 * A webhook / n8n receiver: answers `{ reply: "Eco: <text>" }` (`answer`), 500 (`fail`), nothing for
 * `stallMs` (`stall`), or `{ handover: true, reason }` (`handover`). `verify(req, key)` checks the
 * `X-Atende-Signature` HMAC the way a tenant's receiver would.
 */
export async function startWebhookFake(opts: { stallMs?: number } = {}): Promise<FakeServer & { mode: WebhookMode; verify(req: Recorded, key: string): boolean }> {
  // The handler reads the returned object: a test switches `mode` on it.
  let state: { mode: WebhookMode } = { mode: 'answer' };
  const fake = await startFake((req) => {
    if (state.mode === 'fail') return { status: 500, text: 'boom' };
    if (state.mode === 'stall') return { stallMs: opts.stallMs ?? 30_000, json: { reply: 'too late' } };
    if (state.mode === 'handover') return { json: { handover: true, reason: 'pide asesor', reply: 'Te comunico con un asesor' } };
    const event = jsonOf<{ message: { body: string } }>(req);
    return { json: { reply: `Eco: ${event.message.body}` } };
  });
  const out = Object.assign(fake, {
    mode: 'answer' as WebhookMode,
    verify(req: Recorded, key: string) {
      const ts = String(req.headers['x-atende-timestamp'] ?? '');
      const got = Buffer.from(String(req.headers['x-atende-signature'] ?? ''));
      const want = Buffer.from(`sha256=${createHmac('sha256', key).update(`${ts}.${req.body}`).digest('hex')}`);
      return got.length === want.length && timingSafeEqual(got, want);
    },
  });
  state = out;
  return out;
}
