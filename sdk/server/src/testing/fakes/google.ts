import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake Google got (the test side's reads are not recorded). */
export interface FakeGoogleRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
  authorization: string | null;
}

/** What a test may change: the next consent or token answer, token lifetimes, expiring or revoking tokens. */
export interface FakeGoogleControl {
  /** The consent page sends back `error=<this>` once instead of a code. */
  nextConsentError?: string | null;
  /** The token endpoint answers once with this error (`invalid_grant`…) or, a number, that HTTP status. */
  nextTokenError?: string | number | null;
  accessTtlSeconds?: number;
  /** Every access token issued so far is expired now. */
  expireAccessTokens?: boolean;
  /** Every refresh token is revoked (`invalid_grant` from now on). */
  revokeRefreshTokens?: boolean;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<any> {
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

/**
 * A local Google for tests (no internet): the OAuth consent page (redirects back at once with a code, or
 * an error on demand), the token endpoint (authorization_code and refresh_token grants; invalid_grant for
 * a revoked or unknown token, or on demand) and the Sheets API v4 calls a Sheets integration makes
 * (spreadsheets.get, values.append), keeping rows in memory. In the kit so a plugin's integration tests
 * and the platform's browser tests share it. Aim the server at it with `authUrl`, `tokenUrl`, `sheetsUrl`
 * (the google-sheets plugin's GOOGLE_OAUTH_AUTH_URL, GOOGLE_OAUTH_TOKEN_URL, GOOGLE_SHEETS_API_URL).
 */
export async function startFakeGoogle(opts: { clientId: string; clientSecret: string; port?: number }) {
  const { clientId, clientSecret } = opts;
  const codes = new Map<string, string>(); // code → redirect_uri
  const access = new Map<string, number>(); // access token → expiresAt (ms)
  const refresh = new Set<string>();
  const spreadsheets = new Map<string, { sheets: { id: number; title: string }[]; rows: Map<string, string[][]> }>();
  const requests: FakeGoogleRequest[] = [];
  const ctl: { accessTtlSeconds: number; nextConsentError: string | null; nextTokenError: string | number | null } = { accessTtlSeconds: 3599, nextConsentError: null, nextTokenError: null };
  const token = () => randomBytes(12).toString('hex');
  const issue = () => {
    const a = `ya29.${token()}`;
    access.set(a, Date.now() + ctl.accessTtlSeconds * 1000);
    return { access_token: a, expires_in: ctl.accessTtlSeconds, scope: 'https://www.googleapis.com/auth/spreadsheets', token_type: 'Bearer' };
  };

  const server = createServer((req, res) => {
    (async () => {
      const u = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      const query = Object.fromEntries(u.searchParams);
      requests.push({ method: req.method ?? 'GET', path: u.pathname, query, body, authorization: req.headers.authorization ?? null });

      // ----- OAuth consent: "the user agreed" at once (or refused, on demand) -----
      if (req.method === 'GET' && u.pathname === '/o/oauth2/v2/auth') {
        if (query.client_id !== clientId || !query.redirect_uri) return send(res, 400, { error: 'invalid_client' });
        const back = new URL(query.redirect_uri);
        if (ctl.nextConsentError) {
          back.searchParams.set('error', ctl.nextConsentError);
          ctl.nextConsentError = null;
        } else {
          const code = `4/${token()}`;
          codes.set(code, query.redirect_uri);
          back.searchParams.set('code', code);
        }
        if (query.state) back.searchParams.set('state', query.state);
        res.writeHead(302, { location: back.toString(), 'content-type': 'text/html' });
        return res.end(`<a href="${back.toString()}">continue</a>`);
      }

      // ----- token endpoint -----
      if (req.method === 'POST' && u.pathname === '/token') {
        const f = (body ?? {}) as Record<string, string>;
        if (ctl.nextTokenError !== null) {
          const e = ctl.nextTokenError;
          ctl.nextTokenError = null;
          return typeof e === 'number' ? send(res, e, { error: 'backend_error' }) : send(res, 400, { error: e });
        }
        if (f.client_id !== clientId || f.client_secret !== clientSecret) return send(res, 401, { error: 'invalid_client' });
        if (f.grant_type === 'authorization_code') {
          const redirectUri = codes.get(f.code);
          codes.delete(f.code); // a code is good once
          if (!redirectUri || redirectUri !== f.redirect_uri) return send(res, 400, { error: 'invalid_grant' });
          const r = `1//${token()}`;
          refresh.add(r);
          return send(res, 200, { ...issue(), refresh_token: r });
        }
        if (f.grant_type === 'refresh_token') {
          if (!refresh.has(f.refresh_token)) return send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
          return send(res, 200, issue());
        }
        return send(res, 400, { error: 'unsupported_grant_type' });
      }

      // ----- Sheets API v4 -----
      const m = /^\/v4\/spreadsheets\/([^/]+?)(?:\/values\/(.+):append)?$/.exec(u.pathname);
      if (m) {
        const expiresAt = access.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!expiresAt || expiresAt <= Date.now()) return send(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
        const sheet = spreadsheets.get(decodeURIComponent(m[1]!));
        if (!sheet) return send(res, 404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } });
        if (req.method === 'GET' && !m[2]) return send(res, 200, { spreadsheetId: m[1], sheets: sheet.sheets.map((s) => ({ properties: { sheetId: s.id, title: s.title } })) });
        if (req.method === 'POST' && m[2]) {
          const range = decodeURIComponent(m[2]);
          const title = range.replace(/!.*$/, '').replace(/^'(.*)'$/, '$1').replace(/''/g, "'");
          const rows = sheet.rows.get(title);
          if (!rows) return send(res, 400, { error: { code: 400, message: `Unable to parse range: ${range}`, status: 'INVALID_ARGUMENT' } });
          const values = (body?.values ?? []) as string[][];
          rows.push(...values);
          return send(res, 200, { spreadsheetId: m[1], updates: { updatedRange: `${title}!A${rows.length}`, updatedRows: values.length } });
        }
      }
      send(res, 404, { error: 'not_found' });
    })().catch((err: unknown) => send(res, 500, { error: String(err) }));
  });
  await new Promise<void>((ok) => server.listen(opts.port ?? 0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    authUrl: `${url}/o/oauth2/v2/auth`,
    tokenUrl: `${url}/token`,
    sheetsUrl: `${url}/`,
    /** Every request it got, oldest first. */
    requests: async () => [...requests],
    /** The rows appended to a sheet of a spreadsheet. */
    rows: async (spreadsheet: string, sheet: string) => [...(spreadsheets.get(spreadsheet)?.rows.get(sheet) ?? [])],
    /** A spreadsheet with these sheets (ids 0, 1000, 2000…), empty. */
    addSpreadsheet: async (id: string, titles: string[]) => void spreadsheets.set(id, { sheets: titles.map((title, i) => ({ id: i * 1000, title })), rows: new Map(titles.map((t) => [t, []])) }),
    control: async (c: FakeGoogleControl) => {
      if (c.accessTtlSeconds !== undefined) ctl.accessTtlSeconds = c.accessTtlSeconds;
      if (c.nextConsentError !== undefined) ctl.nextConsentError = c.nextConsentError;
      if (c.nextTokenError !== undefined) ctl.nextTokenError = c.nextTokenError;
      if (c.expireAccessTokens) for (const k of access.keys()) access.set(k, 0);
      if (c.revokeRefreshTokens) refresh.clear();
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
/** A running fake Google (what `startFakeGoogle` answers). */
export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
