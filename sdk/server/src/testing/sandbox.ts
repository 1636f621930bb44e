import type { client } from './server.js';
import { eventually } from './wait.js';

type Api = ReturnType<typeof client>;

/** The kit works with any test runner: a failed step throws a plain Error (every runner reports it). */
function expectStatus(r: { status: number; body: unknown }, status: number, what: string): void {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${JSON.stringify(r.body)}`);
}

/**
 * Driving the kernel's sandbox channel from a test: a connection that behaves like WhatsApp without a
 * phone. Customers "write" through its API; what the connection sent them is its outbox.
 */
export function sandbox(api: Api, token: string) {
  return {
    /** Creates a sandbox connection (with `extra` fields: greetingMessage, queueIds…), starts it, waits until CONNECTED. */
    async connect(name: string, extra: Record<string, unknown> = {}): Promise<number> {
      const r = await api.post('/api/whatsapp', { name, provider: 'sandbox', ...extra }, token);
      expectStatus(r, 201, 'create sandbox connection');
      expectStatus(await api.post(`/api/whatsappsession/${r.body.id}`, {}, token), 200, 'start sandbox session');
      await eventually(async () => (await api.get(`/api/whatsapp/${r.body.id}`, token)).body.status === 'CONNECTED');
      return r.body.id as number;
    },
    /** A customer `from` (a phone number) writes `body` to the connection. */
    async say(connection: number, from: string, body: string, name = 'Cliente'): Promise<void> {
      const r = await api.post(`/api/sandbox/${connection}/messages`, { from, name, body }, token);
      expectStatus(r, 202, 'sandbox message');
    },
    /** The texts the connection sent to `to`, oldest first. */
    async outbox(connection: number, to: string): Promise<string[]> {
      return ((await api.get(`/api/sandbox/${connection}/messages?to=${to}`, token)).body as { body: string }[]).map((m) => m.body);
    },
  };
}
