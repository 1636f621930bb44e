import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { AppError } from './errors.js';

/**
 * The one way out to a URL someone outside the platform controls (a tenant's webhook, n8n, Typebot,
 * a prompt's model server, media by URL). Every plugin and the kernel use it, so the rules live once:
 * - https only; plain http, and private addresses, only to hosts the platform's operator allows
 *   (`OUTBOUND_ALLOW_HOSTS`, e.g. a local model server or the test fakes); plain http (but never a
 *   private address) also to the hosts the super user allows (`httpHosts`, a platform setting);
 * - the DNS answer is checked, not the name: a host resolving to a private, loopback, link-local or
 *   metadata address is refused at connect time (so a name that re-resolves cannot slip through);
 * - redirects are never followed (a 3xx is refused: the next hop would escape the checks);
 * - a time limit on the whole exchange and a size limit on the (decompressed) answer.
 * Inject by the `OUTBOUND_HTTP` token; `fetch` is WHATWG-compatible, so SDKs that take a custom fetch
 * (openai, googleapis' gaxios) route through it.
 */
export const OUTBOUND_HTTP = Symbol.for('atende:outbound-http');

/** Per-call limits (and the usual RequestInit). */
export interface OutboundInit extends RequestInit {
  /** Whole exchange, connect to last byte; default 10 s. */
  timeoutMs?: number;
  /** Largest answer body accepted, after decompression; default 5 MiB. */
  maxBytes?: number;
}

/** The OUTBOUND_HTTP port. */
export interface OutboundHttp {
  /** A fetch under the rules above. Refusals throw `OutboundRefusedError` (400 ERR_OUTBOUND_URL_REFUSED). */
  fetch(input: string | URL | Request, init?: OutboundInit): Promise<Response>;
  /** Checks a URL when it is saved (scheme, allow-list, DNS answer) and answers it parsed; throws like `fetch`. */
  check(url: string): Promise<URL>;
}

/** Which hosts get exceptions (`host` or `host:port`, lowercase). */
export interface OutboundPolicy {
  /** The operator's list (`OUTBOUND_ALLOW_HOSTS`): plain http AND private, loopback or link-local addresses. */
  allowHosts: readonly string[];
  /**
   * The super user's list (a platform setting): plain http only. Such a host is still refused when it is,
   * or resolves to, a private, loopback or link-local address (unless `allowHosts` names it too).
   */
  httpHosts?: readonly string[];
}

/** `timeoutMs` when a call gives none. */
export const DEFAULT_OUTBOUND_TIMEOUT_MS = 10_000;
/** `maxBytes` when a call gives none. */
export const DEFAULT_OUTBOUND_MAX_BYTES = 5 * 1024 * 1024;

/** A URL or an answer the guard refuses; `reason` says which rule (for logs and the user's message). */
export class OutboundRefusedError extends AppError {
  constructor(readonly reason: 'scheme' | 'private_address' | 'redirect' | 'too_large' | 'timeout' | 'invalid_url', message: string) {
    super('ERR_OUTBOUND_URL_REFUSED', 400, message, [{ path: 'url', message: reason }]);
    this.name = 'OutboundRefusedError';
  }
}

/** `OUTBOUND_ALLOW_HOSTS` ("a.example, 127.0.0.1:8080") as a list. */
export function parseAllowHosts(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 127],
  // IPv4-compatible (::a.b.c.d, deprecated), NAT64 and 6to4 forms can reach IPv4 hosts behind them.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

/** Whether an address is not on the public internet (private, loopback, link-local, CGNAT, multicast…). Not an IP → true. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (!family) return true;
  // An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged by its IPv4 address.
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address) : null;
  if (mapped) return isPrivateAddress(mapped[1]);
  return PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** dns.lookup that fails when any address of the answer is not public (`makeError` builds the refusal). */
export function publicOnlyLookup(makeError: (hostname: string) => Error): typeof dns.lookup {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses as dns.LookupAddress[];
      if (!list.length || list.some((a) => isPrivateAddress(a.address))) return callback(makeError(hostname));
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  }) as typeof dns.lookup;
}

const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const refusedAddress = (host: string) => new OutboundRefusedError('private_address', `${host} is a private, loopback or link-local address.`);

function parse(url: string | URL, policy: OutboundPolicy): { url: URL; allowed: boolean } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundRefusedError('invalid_url', 'Not a valid URL.');
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const names = (list: readonly string[] | undefined) => !!list && (list.includes(host) || list.includes(parsed.host.toLowerCase()));
  // `allowed`: the operator's exception (http and private addresses); the super user's list only lifts the https rule.
  const allowed = names(policy.allowHosts);
  const plainHttp = allowed || names(policy.httpHosts);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && plainHttp)) {
    throw new OutboundRefusedError('scheme', 'Only https URLs are allowed.');
  }
  if (parsed.username || parsed.password) throw new OutboundRefusedError('invalid_url', 'Credentials in the URL are not allowed.');
  // Node connects to an IP literal without a lookup: judge it here.
  if (!allowed && isIP(host) && isPrivateAddress(host)) throw refusedAddress(host);
  return { url: parsed, allowed };
}

/**
 * The guard over a policy read at each call (so a change applies without a restart); `policy` may answer
 * a promise (the kernel reads the super user's list from the settings, cached).
 */
export function createOutboundHttp(policy: () => OutboundPolicy | Promise<OutboundPolicy>): OutboundHttp {
  const guardedLookup = publicOnlyLookup(refusedAddress);

  async function check(url: string): Promise<URL> {
    const { url: parsed, allowed } = parse(url, await policy());
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (!allowed && !isIP(host)) {
      const answer = await dns.promises.lookup(host, { all: true }).catch(() => {
        throw new OutboundRefusedError('invalid_url', `${host} does not resolve.`);
      });
      if (!answer.length || answer.some((a) => isPrivateAddress(a.address))) throw refusedAddress(host);
    }
    return parsed;
  }

  async function fetch(input: string | URL | Request, init: OutboundInit = {}): Promise<Response> {
    const { timeoutMs = DEFAULT_OUTBOUND_TIMEOUT_MS, maxBytes = DEFAULT_OUTBOUND_MAX_BYTES, ...rest } = init;
    const { url, allowed } = parse(input instanceof Request ? input.url : input, await policy());
    // A Request normalises every body form (string, bytes, FormData with its boundary, streams).
    const request = new Request(input, { ...rest, redirect: 'manual', ...(rest.body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => (headers[key] = value));
    headers['accept-encoding'] = 'gzip, deflate, br';
    if (body) headers['content-length'] = String(body.length);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;

    return new Promise<Response>((resolve, reject) => {
      const fail = (err: unknown) => reject(timeout.aborted ? new OutboundRefusedError('timeout', `No answer from ${url.host} within ${timeoutMs} ms.`) : err);
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, { method: request.method, headers, signal, ...(allowed ? {} : { lookup: guardedLookup }) }, (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return reject(new OutboundRefusedError('redirect', `${url.host} answered a redirect, which is not followed.`));
        }
        const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
        const decoder = encoding === 'gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : null;
        const stream: Readable = decoder ? res.pipe(decoder) : res;
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy();
            stream.destroy();
            reject(new OutboundRefusedError('too_large', `The answer of ${url.host} is larger than ${maxBytes} bytes.`));
            return;
          }
          chunks.push(chunk);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          const out = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i].toLowerCase();
            // The body handed over is already decoded and whole.
            if (name === 'content-encoding' || name === 'content-length' || name === 'transfer-encoding') continue;
            out.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
          }
          resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? '', headers: out }));
        });
      });
      req.on('error', fail);
      req.end(body ?? undefined);
    });
  }

  return { fetch, check };
}
