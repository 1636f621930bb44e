import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake receiver got. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  /** The raw body, exactly as sent (what the signature covers). */
  body: string;
  /** The status the receiver answered. */
  status: number;
  at: number;
}

/**
 * A local stand-in for a customer's webhook endpoint (issue 34 item 2 tests): records every POST with
 * its raw body and headers, and answers `failFirst` of them with 500 before answering 200. In the kit so
 * a plugin's tests and the platform's browser tests share one (Nx module boundaries keep tooling from
 * importing a plugin's files, and a plugin from importing tooling).
 */
export async function startWebhookReceiver(opts: { failFirst?: number } = {}) {
  const received: Received[] = [];
  let failuresLeft = opts.failFirst ?? 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = failuresLeft > 0 ? 500 : 200;
      if (failuresLeft > 0) failuresLeft--;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status, at: Date.now() });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'boom');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Answer the next `n` requests with 500. */
    failNext(n: number) {
      failuresLeft = n;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
