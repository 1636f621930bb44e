import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A local Google for tests (no internet here): the OAuth consent page (redirects back at once with a
 * code, or an error on demand), the token endpoint (authorization_code and refresh_token grants,
 * invalid_grant on demand or for a revoked token), and the Sheets API the plugin calls
 * (spreadsheets.get, values.append), keeping rows in memory. Every request is recorded.
 *
 *   const google = await startFakeGoogle({ clientId: 'cid', clientSecret: 'csecret' });
 *   env: { GOOGLE_OAUTH_AUTH_URL: google.authUrl, GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl, GOOGLE_SHEETS_API_URL: google.sheetsUrl }
 */
export interface FakeGoogleRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
}

interface Token {
  expiresAt: number;
  refresh: string;
}

export interface FakeGoogle {
  url: string;
  authUrl: string;
  tokenUrl: string;
  sheetsUrl: string;
  requests: FakeGoogleRequest[];
  /** spreadsheet id → sheet title → rows appended. */
  spreadsheets: Map<string, { sheets: { id: number; title: string }[]; rows: Map<string, string[][]> }>;
  addSpreadsheet(id: string, titles: string[]): void;
  rows(id: string, title: string): string[][];
  /** Lifetime of the access tokens it issues next (seconds; Google's is 3599). */
  accessTtlSeconds: number;
  /** The consent page's next answer: `access_denied` sends the user back with that error. */
  nextConsentError: string | null;
  /** The token endpoint's next answer when set (`invalid_grant`, or an HTTP status like 500). */
  nextTokenError: string | number | null;
  /** Every access token it issued stops working (Sheets answers 401): as when Google drops a session. */
  expireAccessTokens(): void;
  /** Refresh tokens it issued are refused (invalid_grant): as when the user revokes the app. */
  revokeRefreshTokens(): void;
  stop(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startFakeGoogle(opts: { clientId: string; clientSecret: string; port?: number }): Promise<FakeGoogle> {
  const codes = new Map<string, { redirectUri: string; clientId: string }>();
  const access = new Map<string, Token>();
  const refresh = new Set<string>();
  const token = () => randomBytes(12).toString('hex');

  const fake = {
    requests: [] as FakeGoogleRequest[],
    spreadsheets: new Map(),
    accessTtlSeconds: 3599,
    nextConsentError: null,
    nextTokenError: null,
    addSpreadsheet(id: string, titles: string[]) {
      fake.spreadsheets.set(id, { sheets: titles.map((title, i) => ({ id: i * 1000, title })), rows: new Map(titles.map((t) => [t, []])) });
    },
    rows(id: string, title: string) {
      return fake.spreadsheets.get(id)?.rows.get(title) ?? [];
    },
    expireAccessTokens() {
      for (const t of access.values()) t.expiresAt = 0;
    },
    revokeRefreshTokens() {
      refresh.clear();
    },
  } as Omit<FakeGoogle, 'url' | 'authUrl' | 'tokenUrl' | 'sheetsUrl' | 'stop'>;

  const issue = (refreshToken: string) => {
    const a = `ya29.${token()}`;
    access.set(a, { expiresAt: Date.now() + fake.accessTtlSeconds * 1000, refresh: refreshToken });
    return { access_token: a, expires_in: fake.accessTtlSeconds, scope: 'https://www.googleapis.com/auth/spreadsheets', token_type: 'Bearer' };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      const query = Object.fromEntries(u.searchParams);
      fake.requests.push({ method: req.method ?? '', path: u.pathname, query, body, authorization: (req.headers.authorization as string | undefined) ?? null });

      // OAuth consent: "the user agreed" at once (or refused, on demand).
      if (req.method === 'GET' && u.pathname === '/o/oauth2/v2/auth') {
        if (query.client_id !== opts.clientId || !query.redirect_uri) return send(res, 400, { error: 'invalid_client' });
        const back = new URL(query.redirect_uri);
        if (fake.nextConsentError) {
          back.searchParams.set('error', fake.nextConsentError);
          fake.nextConsentError = null;
        } else {
          const code = `4/${token()}`;
          codes.set(code, { redirectUri: query.redirect_uri, clientId: query.client_id });
          back.searchParams.set('code', code);
        }
        if (query.state) back.searchParams.set('state', query.state);
        res.writeHead(302, { location: back.toString(), 'content-type': 'text/html' });
        return res.end(`<a href="${back.toString()}">continue</a>`);
      }

      if (req.method === 'POST' && u.pathname === '/token') {
        const f = (body ?? {}) as Record<string, string>;
        if (fake.nextTokenError !== null) {
          const e = fake.nextTokenError;
          fake.nextTokenError = null;
          return typeof e === 'number' ? send(res, e, { error: 'backend_error' }) : send(res, 400, { error: e });
        }
        if (f.client_id !== opts.clientId || f.client_secret !== opts.clientSecret) return send(res, 401, { error: 'invalid_client' });
        if (f.grant_type === 'authorization_code') {
          const c = codes.get(f.code);
          codes.delete(f.code); // one use
          if (!c || c.redirectUri !== f.redirect_uri) return send(res, 400, { error: 'invalid_grant' });
          const r = `1//${token()}`;
          refresh.add(r);
          return send(res, 200, { ...issue(r), refresh_token: r });
        }
        if (f.grant_type === 'refresh_token') {
          if (!refresh.has(f.refresh_token)) return send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
          return send(res, 200, issue(f.refresh_token));
        }
        return send(res, 400, { error: 'unsupported_grant_type' });
      }

      const m = /^\/v4\/spreadsheets\/([^/]+?)(?:\/values\/(.+):append)?$/.exec(u.pathname);
      if (m) {
        const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        const t = access.get(bearer);
        if (!t || t.expiresAt <= Date.now()) return send(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
        const sheet = fake.spreadsheets.get(decodeURIComponent(m[1]));
        if (!sheet) return send(res, 404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } });
        if (req.method === 'GET' && !m[2]) return send(res, 200, { spreadsheetId: m[1], sheets: sheet.sheets.map((s: { id: number; title: string }) => ({ properties: { sheetId: s.id, title: s.title } })) });
        if (req.method === 'POST' && m[2]) {
          const range = decodeURIComponent(m[2]);
          const title = range.replace(/!.*$/, '').replace(/^'(.*)'$/, '$1').replace(/''/g, "'");
          const rows = sheet.rows.get(title);
          if (!rows) return send(res, 400, { error: { code: 400, message: `Unable to parse range: ${range}`, status: 'INVALID_ARGUMENT' } });
          const values = ((body as { values?: string[][] } | null)?.values ?? []) as string[][];
          rows.push(...values);
          return send(res, 200, { spreadsheetId: m[1], updates: { updatedRange: `${title}!A${rows.length}`, updatedRows: values.length } });
        }
      }
      send(res, 404, { error: 'not_found' });
    })().catch((err: unknown) => send(res, 500, { error: String(err) }));
  });
  await new Promise<void>((ok) => server.listen(opts.port ?? 0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake as FakeGoogle, {
    url,
    authUrl: `${url}/o/oauth2/v2/auth`,
    tokenUrl: `${url}/token`,
    sheetsUrl: `${url}/`,
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  });
}
