import { queryDb } from '../support/server.js';

/** One intake request of a burst: the message id, the HTTP status (0: no answer) and the error code. */
export interface Sent {
  id: string;
  status: number;
  error?: string;
  /** When the request was answered (ms since the epoch). */
  at: number;
}

/**
 * A continuous burst of customers writing to a sandbox connection through its intake
 * (POST /api/sandbox/{id}/messages, 202 = acknowledged), `concurrency` requests at a time, until
 * `stop`. `server()` is read per request, so the burst follows a restarted server.
 */
export function startBurst(opts: { server: () => string; token: string; wa: number; prefix: string; body?: string; concurrency?: number; customers?: number }) {
  const sent: Sent[] = [];
  let n = 0;
  let stopped = false;
  const one = async () => {
    const i = ++n;
    const id = `${opts.prefix}${i}`;
    const from = `5194${String(i % (opts.customers ?? 12)).padStart(8, '0')}`;
    try {
      const res = await fetch(`${opts.server()}/api/sandbox/${opts.wa}/messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${opts.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id, from, name: 'Cliente', body: opts.body ?? `mensaje ${id}` }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      sent.push({ id, status: res.status, error: body.error, at: Date.now() });
    } catch {
      sent.push({ id, status: 0, at: Date.now() });
      await new Promise((r) => setTimeout(r, 50)); // the server is gone: do not spin
    }
  };
  const workers = Array.from({ length: opts.concurrency ?? 4 }, async () => {
    while (!stopped) await one();
  });
  return {
    sent,
    acknowledged: () => sent.filter((s) => s.status === 202).map((s) => s.id),
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

/** Provider ids of the connection's stored inbound messages, with how many rows each has. */
export async function storedCounts(dbUrl: string, wa: number): Promise<Map<string, number>> {
  const rows = await queryDb(dbUrl, `select provider_message_id as id, count(*)::int as n from messages where whatsapp_id = $1 and from_me = false group by 1`, [wa]);
  return new Map(rows.map((r) => [r.id as string, r.n as number]));
}

/**
 * Every acknowledged message is stored exactly once, and nothing is stored twice (a message whose
 * answer the fault cut may be stored without being acknowledged: WhatsApp would send it again).
 */
export function expectStoredOnce(acknowledged: string[], stored: Map<string, number>): { missing: string[]; doubled: string[] } {
  return {
    missing: acknowledged.filter((id) => !stored.has(id)),
    doubled: [...stored].filter(([, n]) => n > 1).map(([id]) => id),
  };
}
