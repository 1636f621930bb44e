import { setTimeout as sleep } from 'node:timers/promises';
import { toNumber, type SocketConfig, type WAMessage } from '@whiskeysockets/baileys';
import type { ChannelMedia } from '@atende/sdk-server';
import type { DownloadableContent } from './inbound.js';
import { MediaRefusedError, MediaTooLargeError, downloadMediaSafely, type MediaSource } from './media-download.js';

export { MediaTooLargeError };

export interface MediaDownloadContext {
  /** Asks the sender's phone to upload expired media again (Baileys' sock.updateMediaMessage). */
  reuploadRequest: (message: WAMessage) => Promise<WAMessage>;
  logger: SocketConfig['logger'];
  maxBytes: number;
  /** Aborted when the message's overall download time is up. */
  signal: AbortSignal;
  /** WhatsApp's media host unless a test names a local one. */
  source?: MediaSource;
}

/** Downloads and decrypts a message's media; must throw MediaTooLargeError past `maxBytes`. */
export type MediaDownloader = (message: WAMessage, ctx: MediaDownloadContext) => Promise<Buffer>;

/** WhatsApp's media host only, no redirects, public addresses only, MAC checked (media-download.ts). */
export const downloadWithLimit: MediaDownloader = (message, ctx) =>
  downloadMediaSafely(message, { maxBytes: ctx.maxBytes, signal: ctx.signal, source: ctx.source, reuploadRequest: ctx.reuploadRequest });

export interface FetchMediaOptions extends Omit<MediaDownloadContext, 'signal'> {
  download: MediaDownloader;
  attempts: number;
  retryDelayMs: number;
  /** Bound on the whole download, retries included; then the message goes on without its file. */
  timeoutMs: number;
}

class MediaTimeoutError extends Error {}

/**
 * The message's media, or undefined when it is over the size limit or still failing after
 * `attempts` tries. The message is then delivered without media rather than dropped: the text,
 * caption and type still reach the ticket, and a lost file is better than a lost message.
 */
export async function fetchMedia(message: WAMessage, content: DownloadableContent, opts: FetchMediaOptions): Promise<ChannelMedia | undefined> {
  const declared = content.fileLength == null ? 0 : toNumber(content.fileLength);
  const mimetype = content.mimetype ?? 'application/octet-stream';
  const fileName = 'fileName' in content ? (content.fileName ?? undefined) : undefined;
  if (declared > opts.maxBytes) {
    opts.logger.warn({ id: message.key.id, declared }, 'media over the size limit, delivering without it');
    return undefined;
  }
  const abort = new AbortController();
  const timedOut = new Promise<never>((_, reject) => {
    const timer = setTimeout(() => {
      abort.abort();
      reject(new MediaTimeoutError(`media download over ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    timer.unref();
    abort.signal.addEventListener('abort', () => clearTimeout(timer));
  });
  timedOut.catch(() => undefined);
  try {
    return await Promise.race([attemptAll(message, opts, abort.signal, mimetype, fileName), timedOut]);
  } catch (err) {
    opts.logger.warn({ id: message.key.id, err }, 'media download gave up, delivering without it');
    return undefined;
  } finally {
    abort.abort();
  }
}

async function attemptAll(message: WAMessage, opts: FetchMediaOptions, signal: AbortSignal, mimetype: string, fileName: string | undefined) {
  for (let attempt = 1; attempt <= opts.attempts && !signal.aborted; attempt++) {
    try {
      const data = await opts.download(message, { ...opts, signal });
      // The declared length can lie or be missing; check what actually arrived too.
      if (data.length > opts.maxBytes) throw new MediaTooLargeError(opts.maxBytes);
      return { mimetype, fileName, data };
    } catch (err) {
      if (err instanceof MediaTooLargeError || err instanceof MediaRefusedError) {
        opts.logger.warn({ id: message.key.id, reason: err.message }, 'media refused, delivering without it');
        return undefined;
      }
      opts.logger.warn({ id: message.key.id, attempt, err }, 'media download failed');
      if (attempt < opts.attempts && !signal.aborted) await sleep(opts.retryDelayMs * attempt, undefined, { signal }).catch(() => undefined);
    }
  }
  return undefined;
}
