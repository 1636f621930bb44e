import { Inject, Injectable } from '@nestjs/common';
import { MEDIA_LIMITS, type ExternalSendAnswer } from '@atende/core-contract';
import { AppError, OUTBOUND_HTTP, OutboundRefusedError, type OutboundHttp } from '@atende/sdk-server';
import { MediaStore } from '../media/media-store.js';
import { labelOf, normalizeMime, type CheckedUpload } from '../media/upload-policy.js';
import { MessagesPortService } from '../messages/messages-port.service.js';
import type { ApiCaller } from './api-token.js';
import { IdempotencyKeys } from './idempotency.js';

/** The `source` the API's messages are stored with (shown on them, and on message.sent events). */
export const EXTERNAL_API_SOURCE = 'external-api';
/** How long fetching a media URL may take. */
const MEDIA_FETCH_TIMEOUT_MS = 20_000;

export interface ExternalSendInput {
  number: string;
  body: string;
  mediaUrl?: string;
  mediaName?: string;
}

/** What one call has sent so far (its files leave one by one). */
type Sent = { ticketId: number; messageIds: number[] };

/** Sends one API call's message(s) through the caller's connection (issue 34 item 1). */
@Injectable()
export class ExternalApiService {
  constructor(
    private readonly messages: MessagesPortService,
    private readonly media: MediaStore,
    private readonly keys: IdempotencyKeys,
    @Inject(OUTBOUND_HTTP) private readonly http: OutboundHttp,
  ) {}

  /** The idempotency key first (a replay answers the first call's result), then the send. The rate limit is ApiTokenGuard's. */
  async send(caller: ApiCaller, input: ExternalSendInput, files: CheckedUpload[] | null, key: string | undefined): Promise<ExternalSendAnswer> {
    if (!key) return this.deliver(caller, input, files);
    const claim = await this.keys.claim(caller.companyId, caller.whatsappId, key);
    if (claim.replayed) return { ...claim.answer, replayed: true };
    let answer: ExternalSendAnswer | null = null;
    const sent: Sent = { ticketId: 0, messageIds: [] };
    try {
      answer = await this.deliver(caller, input, files, sent);
      return answer;
    } finally {
      // A call that failed after some of its files left keeps its key with what left: a retry with the
      // same key answers that instead of sending those files again. Nothing sent: the key is given back.
      await claim.release(answer ?? (sent.messageIds.length ? { message: 'Partially sent', ticketId: sent.ticketId, messageIds: sent.messageIds, replayed: false } : null));
    }
  }

  private async deliver(caller: ApiCaller, input: ExternalSendInput, files: CheckedUpload[] | null, sent: Sent = { ticketId: 0, messageIds: [] }): Promise<ExternalSendAnswer> {
    const { companyId, whatsappId } = caller;
    // Asked of the live session: a number that is not on WhatsApp is the spec's ERR_WAPP_INVALID_CONTACT
    // (and a stopped session ERR_WAPP_NOT_INITIALIZED), before anything is stored.
    if (!(await this.messages.isOnWhatsApp(companyId, whatsappId, input.number))) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
    const media: { url: string; name?: string }[] = [];
    for (const f of files ?? []) media.push({ url: await this.media.saveFile(companyId, f.mimetype, f.path), name: f.originalName });
    if (input.mediaUrl) media.push(await this.fetchMedia(companyId, input.mediaUrl, input.mediaName));
    const to = { whatsappId, number: input.number };
    const base = { source: EXTERNAL_API_SOURCE };
    if (!media.length) {
      const one = await this.messages.sendToNumber(companyId, to, { ...base, body: input.body });
      return { message: 'Message sent', ticketId: one.ticketId, messageIds: [one.messageId], replayed: false };
    }
    // The text is the caption of the first file only (as an agent's multipart send).
    for (const [i, m] of media.entries()) {
      const one = await this.messages.sendToNumber(companyId, to, { ...base, body: i === 0 ? input.body : '', media: m });
      sent.messageIds.push(one.messageId);
      sent.ticketId = one.ticketId;
    }
    return { message: 'Message sent', ticketId: sent.ticketId, messageIds: [...sent.messageIds], replayed: false };
  }

  /**
   * A media URL through the SDK's outbound guard (https, public addresses, no redirects, time and size
   * limits): a refused URL answers 400 ERR_OUTBOUND_URL_REFUSED, any other failure the spec's
   * ERR_WAPP_DOWNLOAD_MEDIA. The file is kept like an upload and checked by the media store's types.
   */
  private async fetchMedia(companyId: number, url: string, name: string | undefined): Promise<{ url: string; name?: string }> {
    let res: Response;
    let data: Buffer;
    try {
      res = await this.http.fetch(url, { timeoutMs: MEDIA_FETCH_TIMEOUT_MS, maxBytes: MEDIA_LIMITS.imageBytes });
      if (!res.ok) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 400, `The media URL answered ${res.status}.`);
      data = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      if (err instanceof OutboundRefusedError || err instanceof AppError) throw err;
      throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 400, 'The media URL could not be fetched.');
    }
    const mimetype = normalizeMime(res.headers.get('content-type') ?? 'application/octet-stream');
    const last = new URL(url).pathname.split('/').pop() ?? '';
    let fromPath = last;
    try {
      fromPath = decodeURIComponent(last);
    } catch {
      // A malformed escape (%zz): the raw segment is still a fine label.
    }
    return { url: await this.media.save(companyId, mimetype, data), name: labelOf(name ?? (fromPath || 'file')) };
  }
}
