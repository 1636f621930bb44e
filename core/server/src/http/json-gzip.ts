import { gzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

/** Below this an answer is sent as is (as `compression` does); above the upper bound `compression` streams it. */
const MIN_BYTES = 1024;
/** Gzipping 64 kB takes well under a millisecond: short enough to do on the event loop. */
const MAX_BYTES = 64 * 1024;

/**
 * Gzips an API answer of 1-64 kB in one synchronous call (issue 13 item 2). The `compression` middleware
 * streams every answer through an asynchronous zlib stream: a trip to the thread pool and several turns
 * of the event loop, which cost a ticket list page ~2 ms on a busy machine for ~0.1 ms of actual
 * compression. Answers outside that range, and everything else (static files), still go through
 * `compression`, which leaves an answer that already has a Content-Encoding alone.
 */
export function jsonGzip(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'HEAD' || req.acceptsEncodings('gzip', 'identity') !== 'gzip') return next();
  const send = res.send;
  res.send = function sendGzipped(this: Response, body?: unknown) {
    // res.json serializes, sets the JSON content type, then sends the string: that string is gzipped here.
    if (typeof body === 'string' && this.get('Content-Type') && !this.get('Content-Encoding') && !this.get('Cache-Control')?.includes('no-transform')) {
      const size = Buffer.byteLength(body);
      if (size >= MIN_BYTES && size <= MAX_BYTES) {
        this.vary('Accept-Encoding');
        this.set('Content-Encoding', 'gzip');
        return send.call(this, gzipSync(body));
      }
    }
    return send.call(this, body);
  };
  next();
}
