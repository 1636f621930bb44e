import http from 'node:http';
import https from 'node:https';
import { publicOnlyLookup as publicOnlyLookupOf } from '@atende/sdk-server';
import { createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { getContentType, getMediaKeys, normalizeMessageContent, type MediaType, type WAMessage } from '@whiskeysockets/baileys';
import type { DownloadableContent } from './inbound.js';

/**
 * Inbound media, downloaded safely (issue 9 item 1). Message content is end-to-end encrypted, so a
 * customer controls every field of a media message, `url` included. Baileys would fetch that url (or
 * a directPath on the url's host), following redirects, with no address check. Here:
 * - the file comes only from WhatsApp's media host: `https://mmg.whatsapp.net` + directPath, or a `url`
 *   that is https on `*.whatsapp.net` when there is no directPath;
 * - no redirect is followed; addresses that resolve to private, loopback or link-local networks are
 *   refused at connect time (the DNS answer is checked, not the name);
 * - the caller's AbortSignal bounds the whole download; the size is capped while streaming;
 * - the file's HMAC is verified before it is decrypted (AES-256-CBC, WhatsApp's media scheme).
 */
export const WHATSAPP_MEDIA_ORIGIN = 'https://mmg.whatsapp.net';

/** Origin of the media host; tests point it at a local server (never configurable from the environment). */
export interface MediaSource {
  origin: string;
  /** Only for tests against a local fake: private addresses are otherwise refused. */
  allowPrivateAddresses?: boolean;
}

const WHATSAPP_SOURCE: MediaSource = { origin: WHATSAPP_MEDIA_ORIGIN };
const MAC_LENGTH = 10;

export class MediaRefusedError extends Error {}
export class MediaHttpError extends Error {
  constructor(readonly status: number) {
    super(`Media host answered ${status}.`);
  }
}

const isWhatsAppHost = (host: string) => host === 'whatsapp.net' || host.endsWith('.whatsapp.net');

/** The only URL this media may be fetched from, or null when the message names no acceptable one. */
export function mediaUrlOf(content: Pick<DownloadableContent, 'directPath' | 'url'>, source: MediaSource = WHATSAPP_SOURCE): URL | null {
  const origin = new URL(source.origin);
  if (content.directPath) {
    // A path only: "//evil.example/x" or "@evil" must not turn into another host.
    if (!content.directPath.startsWith('/') || content.directPath.startsWith('//')) return null;
    const url = new URL(`${origin.origin}${content.directPath}`);
    return url.host === origin.host ? url : null;
  }
  if (!content.url) return null;
  try {
    const url = new URL(content.url);
    if (source !== WHATSAPP_SOURCE) return url.origin === origin.origin ? url : null;
    return url.protocol === 'https:' && isWhatsAppHost(url.hostname) && !url.port ? url : null;
  } catch {
    return null;
  }
}

/** dns.lookup that fails when any address of the answer is not public (the SDK's outbound guard's rule). */
const publicOnlyLookup = publicOnlyLookupOf((hostname) => new MediaRefusedError(`${hostname} resolves to a private address`));

/** GET without redirects; the encrypted body, at most `maxBytes`. */
function fetchEncrypted(url: URL, source: MediaSource, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        headers: { Origin: 'https://web.whatsapp.com' },
        signal,
        ...(source.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new MediaHttpError(res.statusCode ?? 0)); // a 3xx is refused, never followed
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(new MediaTooLargeError(maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export class MediaTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Media is larger than ${maxBytes} bytes.`);
  }
}

/** Baileys' media kind of a message (image, video, audio, document, sticker…), for the key derivation. */
export function mediaKindOf(message: WAMessage): MediaType | undefined {
  const content = normalizeMessageContent(message.message);
  const type = content ? getContentType(content) : undefined;
  return type?.endsWith('Message') ? (type.slice(0, -'Message'.length) as MediaType) : undefined;
}

/** Verifies the file's MAC, then decrypts it. */
export async function decryptMedia(encrypted: Buffer, mediaKey: Uint8Array | string, kind: MediaType): Promise<Buffer> {
  if (encrypted.length <= MAC_LENGTH) throw new MediaRefusedError('media file too short');
  const { iv, cipherKey, macKey } = await getMediaKeys(mediaKey, kind);
  if (!macKey) throw new MediaRefusedError('no MAC key for this media kind');
  const body = encrypted.subarray(0, -MAC_LENGTH);
  const mac = encrypted.subarray(-MAC_LENGTH);
  const expected = createHmac('sha256', macKey).update(iv).update(body).digest().subarray(0, MAC_LENGTH);
  if (!timingSafeEqual(mac, expected)) throw new MediaRefusedError('media MAC mismatch');
  const decipher = createDecipheriv('aes-256-cbc', cipherKey, iv);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

export interface SafeDownloadOptions {
  maxBytes: number;
  signal: AbortSignal;
  source?: MediaSource;
  /** Asks the sender's phone to upload expired media again (once, on 404/410). */
  reuploadRequest?: (message: WAMessage) => Promise<WAMessage>;
}

/** Downloads and decrypts a media message from WhatsApp's media host only. */
export async function downloadMediaSafely(message: WAMessage, opts: SafeDownloadOptions): Promise<Buffer> {
  const attempt = async (msg: WAMessage) => {
    const content = normalizeMessageContent(msg.message);
    const kind = mediaKindOf(msg);
    const media = (kind && content ? (content as Record<string, unknown>)[`${kind}Message`] : undefined) as DownloadableContent | undefined;
    if (!media?.mediaKey || !kind) throw new MediaRefusedError('not a downloadable media message');
    const url = mediaUrlOf(media, opts.source);
    if (!url) throw new MediaRefusedError('media URL outside WhatsApp’s media host');
    // Room for the cipher's padding block and the MAC beyond the plaintext limit.
    const encrypted = await fetchEncrypted(url, opts.source ?? WHATSAPP_SOURCE, opts.maxBytes + 16 + MAC_LENGTH, opts.signal);
    const plain = await decryptMedia(encrypted, media.mediaKey, kind);
    if (plain.length > opts.maxBytes) throw new MediaTooLargeError(opts.maxBytes);
    return plain;
  };
  try {
    return await attempt(message);
  } catch (err) {
    if (err instanceof MediaHttpError && (err.status === 404 || err.status === 410) && opts.reuploadRequest) {
      return attempt(await opts.reuploadRequest(message));
    }
    throw err;
  }
}
