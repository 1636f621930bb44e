import { GraphError } from './graph-errors.js';

/** How long one Graph call may take, and the largest JSON answer read. */
const TIMEOUT_MS = 15_000;
const MAX_JSON_BYTES = 1_000_000;

export interface GraphSendResult {
  messages?: { id: string }[];
}

export interface GraphMediaInfo {
  url: string;
  mime_type: string;
  file_size?: number;
}

export interface GraphTemplate {
  name: string;
  language: string;
  category?: string;
  status?: string;
  components?: { type: string; text?: string; format?: string }[];
}

/** Meta's media hosts (the URL Graph answers for a media id). */
const META_MEDIA_HOSTS = ['fbsbx.com', 'fbcdn.net', 'facebook.com', 'whatsapp.net'];

/** Whether the token may go to `url`: https on a Meta media host, or the configured Graph origin itself. */
export function isMediaHost(url: string, graphBase: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.origin === new URL(graphBase).origin) return true;
  return u.protocol === 'https:' && META_MEDIA_HOSTS.some((h) => u.hostname === h || u.hostname.endsWith(`.${h}`));
}

/**
 * The Graph API as the Cloud API uses it. `baseUrl` is platform configuration (never a tenant's); each
 * call has a timeout, refuses redirects (a token must not follow one elsewhere) and reads a bounded answer.
 */
export class GraphClient {
  constructor(private readonly baseUrl: string) {}

  async sendMessage(phoneNumberId: string, token: string, payload: Record<string, unknown>): Promise<string> {
    const body = await this.json<GraphSendResult>('POST', `/${enc(phoneNumberId)}/messages`, token, { messaging_product: 'whatsapp', ...payload });
    const id = body.messages?.[0]?.id;
    if (!id) throw new GraphError(502, undefined, 'Graph answered no message id.');
    return id;
  }

  /** Blue ticks: marks a received message (and those before it) read. */
  async markRead(phoneNumberId: string, token: string, messageId: string): Promise<void> {
    await this.json('POST', `/${enc(phoneNumberId)}/messages`, token, { messaging_product: 'whatsapp', status: 'read', message_id: messageId });
  }

  async phoneNumber(phoneNumberId: string, token: string): Promise<{ display_phone_number?: string }> {
    return this.json('GET', `/${enc(phoneNumberId)}?fields=display_phone_number,verified_name`, token);
  }

  async templates(wabaId: string, token: string): Promise<GraphTemplate[]> {
    const body = await this.json<{ data?: GraphTemplate[] }>('GET', `/${enc(wabaId)}/message_templates?limit=200`, token);
    return body.data ?? [];
  }

  async mediaInfo(mediaId: string, token: string): Promise<GraphMediaInfo> {
    return this.json('GET', `/${enc(mediaId)}`, token);
  }

  /** Uploads a file for sending; answers the media id. */
  async uploadMedia(phoneNumberId: string, token: string, file: { data: Buffer; mimetype: string; fileName: string }): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.mimetype);
    form.set('file', new Blob([new Uint8Array(file.data)], { type: file.mimetype }), file.fileName);
    const body = await this.request<{ id?: string }>('POST', `/${enc(phoneNumberId)}/media`, token, form);
    if (!body.id) throw new GraphError(502, undefined, 'Graph answered no media id.');
    return body.id;
  }

  /**
   * Downloads a media file from the URL Graph gave for it (with the token, as Graph requires), at most
   * `maxBytes`: a larger Content-Length is refused before reading, and the count is held while streaming.
   */
  async download(url: string, token: string, maxBytes: number): Promise<{ data: Buffer; mimetype: string }> {
    // The number's token goes only to Meta's media hosts over https (or the configured Graph host, a
    // local fake in tests), whatever URL the answer named.
    if (!isMediaHost(url, this.baseUrl)) throw new GraphError(502, undefined, 'Graph named a media URL outside Meta\'s hosts.');
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
    if (res.status !== 200 || !res.body) throw new GraphError(res.status, undefined, `Media download answered ${res.status}.`);
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > maxBytes) throw new MediaTooLargeError(maxBytes);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new MediaTooLargeError(maxBytes);
      chunks.push(Buffer.from(chunk));
    }
    return { data: Buffer.concat(chunks), mimetype: (res.headers.get('content-type') ?? '').split(';')[0].trim() };
  }

  private json<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
    return this.request<T>(method, path, token, body === undefined ? undefined : JSON.stringify(body));
  }

  private async request<T>(method: string, path: string, token: string, body?: string | FormData): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await boundedText(res, MAX_JSON_BYTES);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      throw new GraphError(res.status, undefined, `Graph answered ${res.status} with no JSON.`);
    }
    if (!res.ok) {
      const e = (parsed as { error?: { code?: number; message?: string } }).error;
      throw new GraphError(res.status, typeof e?.code === 'number' ? e.code : undefined, e?.message ?? `Graph answered ${res.status}.`);
    }
    return parsed as T;
  }
}

export class MediaTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The media file is larger than ${maxBytes} bytes.`);
    this.name = 'MediaTooLargeError';
  }
}

const enc = (s: string) => encodeURIComponent(s);

async function boundedText(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) throw new GraphError(res.status, undefined, 'Graph answer too large.');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}
