import { setTimeout as sleep } from 'node:timers/promises';
import { downloadMediaMessage, toNumber, type SocketConfig, type WAMessage } from '@whiskeysockets/baileys';
import type { ChannelMedia } from '@atende/sdk-server';
import type { DownloadableContent } from './inbound.js';

export interface MediaDownloadContext {
  /** Asks the sender's phone to upload expired media again (Baileys' sock.updateMediaMessage). */
  reuploadRequest: (message: WAMessage) => Promise<WAMessage>;
  logger: SocketConfig['logger'];
  maxBytes: number;
}

/** Downloads and decrypts a message's media; must throw MediaTooLargeError past `maxBytes`. */
export type MediaDownloader = (message: WAMessage, ctx: MediaDownloadContext) => Promise<Buffer>;

export class MediaTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Media is larger than ${maxBytes} bytes.`);
  }
}

/** Streams the download so an oversized file is abandoned at the limit instead of buffered whole. */
export const downloadWithLimit: MediaDownloader = async (message, ctx) => {
  const stream = await downloadMediaMessage(message, 'stream', {}, { reuploadRequest: ctx.reuploadRequest, logger: ctx.logger });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Throwing inside for-await destroys the stream, which aborts the HTTP download.
    if (size > ctx.maxBytes) throw new MediaTooLargeError(ctx.maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

export interface FetchMediaOptions extends MediaDownloadContext {
  download: MediaDownloader;
  attempts: number;
  retryDelayMs: number;
}

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
  for (let attempt = 1; attempt <= opts.attempts; attempt++) {
    try {
      const data = await opts.download(message, opts);
      // The declared length can lie or be missing; check what actually arrived too.
      if (data.length > opts.maxBytes) throw new MediaTooLargeError(opts.maxBytes);
      return { mimetype, fileName, data };
    } catch (err) {
      if (err instanceof MediaTooLargeError) {
        opts.logger.warn({ id: message.key.id }, 'media over the size limit, delivering without it');
        return undefined;
      }
      opts.logger.warn({ id: message.key.id, attempt, err }, 'media download failed');
      if (attempt < opts.attempts) await sleep(opts.retryDelayMs * attempt);
    }
  }
  return undefined;
}
