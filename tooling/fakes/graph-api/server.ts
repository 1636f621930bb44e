import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Graph API, as the WhatsApp Cloud API uses it, for tests and local runs (no
 * internet): message sends, media upload and download, the template list, Graph errors on demand, and
 * signed webhooks posted to Atende as Meta would. Point Atende at it with CLOUD_API_GRAPH_URL=<url>.
 */
export interface FakeGraphOptions {
  /** The bearer token every call must carry (Graph answers 401 code 190 otherwise). */
  accessToken: string;
  /** The number the fake answers for `GET /<phone number id>`. */
  displayPhoneNumber?: string;
}

export interface SentMessage {
  phoneNumberId: string;
  id: string;
  body: Record<string, unknown>;
}

export interface FakeTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  components: { type: string; text?: string }[];
}

export interface FakeGraph {
  url: string;
  /** Every message Graph accepted, in order (read receipts excluded). */
  sent: SentMessage[];
  /** Read receipts asked for (`status: 'read'`), by message id. */
  readReceipts: string[];
  /** Files uploaded for sending: media id, declared type and size. */
  uploads: { id: string; type: string; bytes: number }[];
  /** Calls received, as `METHOD /path` (to prove something was not called). */
  calls: string[];
  templates: FakeTemplate[];
  /** The next message send answers this Graph error (e.g. 131047, 131056, 130429) instead of sending. */
  failNextSend(code: number, message?: string, status?: number): void;
  /** A media file a customer sent: `GET /<id>` answers where to download it. */
  addMedia(id: string, mimetype: string, data: Buffer): void;
  close(): Promise<void>;
}

export async function startFakeGraph(options: FakeGraphOptions): Promise<FakeGraph> {
  const sent: SentMessage[] = [];
  const readReceipts: string[] = [];
  const uploads: FakeGraph['uploads'] = [];
  const calls: string[] = [];
  const media = new Map<string, { mimetype: string; data: Buffer }>();
  const failures: { code: number; message: string; status: number }[] = [];
  let seq = 0;
  let url = '';

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: Error) => json(res, 500, { error: { code: 1, message: err.message } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const { pathname, searchParams } = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${req.method} ${pathname}`);
    const body = await readBody(req);
    if (req.headers.authorization !== `Bearer ${options.accessToken}`) {
      return json(res, 401, { error: { code: 190, type: 'OAuthException', message: 'Invalid OAuth access token.' } });
    }
    const parts = pathname.split('/').filter(Boolean);
    if (req.method === 'GET' && parts[0] === 'download' && parts[1]) {
      const file = media.get(parts[1]);
      if (!file) return json(res, 404, { error: { code: 100, message: 'Unknown media' } });
      res.writeHead(200, { 'content-type': file.mimetype, 'content-length': String(file.data.length) });
      return res.end(file.data);
    }
    if (req.method === 'POST' && parts.length === 2 && parts[1] === 'messages') {
      const payload = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      if (payload.status === 'read') {
        readReceipts.push(String(payload.message_id));
        return json(res, 200, { success: true });
      }
      const failure = failures.shift();
      if (failure) return json(res, failure.status, { error: { code: failure.code, type: 'OAuthException', message: failure.message, fbtrace_id: 'fake' } });
      const id = `wamid.FAKE${++seq}`;
      sent.push({ phoneNumberId: parts[0], id, body: payload });
      return json(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: payload.to, wa_id: payload.to }], messages: [{ id }] });
    }
    if (req.method === 'POST' && parts.length === 2 && parts[1] === 'media') {
      const type = /name="type"\r\n\r\n([^\r]*)/.exec(body.toString('latin1'))?.[1] ?? '';
      const id = `media-out-${++seq}`;
      uploads.push({ id, type, bytes: body.length });
      return json(res, 200, { id });
    }
    if (req.method === 'GET' && parts.length === 2 && parts[1] === 'message_templates') {
      return json(res, 200, { data: fake.templates, paging: {} });
    }
    if (req.method === 'GET' && parts.length === 1) {
      const file = media.get(parts[0]);
      if (file) return json(res, 200, { messaging_product: 'whatsapp', id: parts[0], url: `${url}/download/${parts[0]}`, mime_type: file.mimetype, file_size: file.data.length });
      if (searchParams.get('fields')?.includes('display_phone_number')) {
        return json(res, 200, { id: parts[0], display_phone_number: options.displayPhoneNumber ?? '+1 555 000 0000', verified_name: 'Atende Test' });
      }
    }
    return json(res, 404, { error: { code: 100, message: `Unsupported ${req.method} ${pathname}` } });
  }

  const fake: FakeGraph = {
    url: '',
    sent,
    readReceipts,
    uploads,
    calls,
    templates: [
      { name: 'order_ready', language: 'es', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hola {{1}}, tu pedido {{2}} está listo.' }] },
      { name: 'hello', language: 'en', status: 'APPROVED', category: 'MARKETING', components: [{ type: 'BODY', text: 'Hello from Atende!' }] },
      { name: 'pending_review', language: 'es', status: 'PENDING', category: 'UTILITY', components: [{ type: 'BODY', text: 'Pendiente' }] },
    ],
    failNextSend(code, message = `Graph error ${code}`, status = 400) {
      failures.push({ code, message, status });
    },
    addMedia(id, mimetype, data) {
      media.set(id, { mimetype, data });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = url;
  return fake;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// ---------- webhooks, as Meta sends them ----------

/** A webhook body with one customer message (text, or media by id). */
export function messageWebhook(m: {
  phoneNumberId: string;
  from: string;
  id: string;
  text?: string;
  name?: string;
  /** Seconds since the epoch; default now. */
  timestamp?: number;
  image?: { id: string; mime_type: string; caption?: string };
}) {
  const message: Record<string, unknown> = { from: m.from, id: m.id, timestamp: String(m.timestamp ?? Math.floor(Date.now() / 1000)) };
  if (m.image) Object.assign(message, { type: 'image', image: m.image });
  else Object.assign(message, { type: 'text', text: { body: m.text ?? '' } });
  return envelope(m.phoneNumberId, { contacts: [{ profile: { name: m.name ?? 'Cliente' }, wa_id: m.from }], messages: [message] });
}

/** A webhook body with one status of a message Atende sent (sent, delivered, read, failed). */
export function statusWebhook(s: { phoneNumberId: string; id: string; status: string; recipientId: string }) {
  return envelope(s.phoneNumberId, {
    statuses: [{ id: s.id, status: s.status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: s.recipientId }],
  });
}

function envelope(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: 'WABA-FAKE', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId }, ...value } }] }],
  };
}

/**
 * POSTs a webhook to Atende signed as Meta signs it (`X-Hub-Signature-256`, HMAC-SHA256 of the exact
 * bytes sent under the app secret); `signature` overrides it (to send a wrong one). Answers the status.
 */
export async function postWebhook(target: string, body: unknown, appSecret: string, opts: { signature?: string } = {}): Promise<{ status: number; body: unknown }> {
  const raw = JSON.stringify(body);
  const signature = opts.signature ?? `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
  const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body: raw });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}
