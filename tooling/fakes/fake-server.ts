import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake received: method, path with query, headers and the raw body. */
export interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What a fake's handler answers (status, JSON or text); `stallMs` holds the answer that long first. */
export interface FakeAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  stallMs?: number;
}

export interface FakeServer {
  /** `http://127.0.0.1:<port>`: the base URL the integration is configured with. */
  url: string;
  /** `127.0.0.1:<port>`: what OUTBOUND_ALLOW_HOSTS must hold for the server to reach it. */
  host: string;
  requests: Recorded[];
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for a remote service (no internet in tests). The handler sees each
 * request (body read whole) and answers; stalled answers are dropped when the server closes.
 */
export async function startFake(handle: (req: Recorded) => FakeAnswer | Promise<FakeAnswer>): Promise<FakeServer> {
  const requests: Recorded[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const rec: Recorded = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(rec);
      let a: FakeAnswer;
      try {
        a = await handle(rec);
      } catch (err) {
        a = { status: 500, text: (err as Error).message };
      }
      const send = () => {
        if (res.destroyed) return;
        if (a.json !== undefined) {
          res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(a.json));
        } else {
          res.writeHead(a.status ?? 200, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(a.text ?? '');
        }
      };
      if (a.stallMs) {
        const t = setTimeout(() => {
          timers.delete(t);
          send();
        }, a.stallMs);
        timers.add(t);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const jsonOf = <T = any>(r: Recorded): T => JSON.parse(r.body) as T;
