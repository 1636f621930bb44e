#!/usr/bin/env node
// A local Google for tests (no internet here), run as its own process so any test (a plugin's included,
// which may import only contracts and the SDK) starts it by path:
//
//   node tooling/fakes/google/server.mjs --client-id cid --client-secret secret   → prints {"url":"http://127.0.0.1:<port>"}
//
// It serves the OAuth consent page (redirects back at once with a code, or an error on demand), the
// token endpoint (authorization_code and refresh_token grants; invalid_grant for a revoked or unknown
// token, or on demand) and the Sheets API calls the google-sheets plugin makes (spreadsheets.get,
// values.append), keeping rows in memory. Tests drive and read it under /__fake/:
//   GET  /__fake/requests                         every request it got (method, path, query, body, authorization)
//   GET  /__fake/rows?spreadsheet=S&sheet=T       the rows appended to a sheet
//   POST /__fake/spreadsheets {id, titles}        a spreadsheet with those sheets
//   POST /__fake/control {nextConsentError?, nextTokenError?, accessTtlSeconds?, expireAccessTokens?, revokeRefreshTokens?}
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

const send = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function readBody(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startFakeGoogle({ clientId, clientSecret, port = 0 }) {
  const codes = new Map(); // code → redirect_uri
  const access = new Map(); // access token → expiresAt (ms)
  const refresh = new Set();
  const spreadsheets = new Map(); // id → { sheets: [{id, title}], rows: Map<title, string[][]> }
  const requests = [];
  const ctl = { accessTtlSeconds: 3599, nextConsentError: null, nextTokenError: null };
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

      // ----- the tests' side -----
      if (u.pathname === '/__fake/requests') return send(res, 200, requests);
      if (u.pathname === '/__fake/rows') return send(res, 200, spreadsheets.get(query.spreadsheet)?.rows.get(query.sheet) ?? []);
      if (u.pathname === '/__fake/spreadsheets' && req.method === 'POST') {
        spreadsheets.set(body.id, { sheets: body.titles.map((title, i) => ({ id: i * 1000, title })), rows: new Map(body.titles.map((t) => [t, []])) });
        return send(res, 200, { ok: true });
      }
      if (u.pathname === '/__fake/control' && req.method === 'POST') {
        for (const k of ['accessTtlSeconds', 'nextConsentError', 'nextTokenError']) if (k in body) ctl[k] = body[k];
        if (body.expireAccessTokens) for (const k of access.keys()) access.set(k, 0);
        if (body.revokeRefreshTokens) refresh.clear();
        return send(res, 200, { ok: true });
      }

      requests.push({ method: req.method, path: u.pathname, query, body, authorization: req.headers.authorization ?? null });

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
        const f = body ?? {};
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
        const sheet = spreadsheets.get(decodeURIComponent(m[1]));
        if (!sheet) return send(res, 404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } });
        if (req.method === 'GET' && !m[2]) return send(res, 200, { spreadsheetId: m[1], sheets: sheet.sheets.map((s) => ({ properties: { sheetId: s.id, title: s.title } })) });
        if (req.method === 'POST' && m[2]) {
          const range = decodeURIComponent(m[2]);
          const title = range.replace(/!.*$/, '').replace(/^'(.*)'$/, '$1').replace(/''/g, "'");
          const rows = sheet.rows.get(title);
          if (!rows) return send(res, 400, { error: { code: 400, message: `Unable to parse range: ${range}`, status: 'INVALID_ARGUMENT' } });
          const values = body?.values ?? [];
          rows.push(...values);
          return send(res, 200, { spreadsheetId: m[1], updates: { updatedRange: `${title}!A${rows.length}`, updatedRows: values.length } });
        }
      }
      send(res, 404, { error: 'not_found' });
    })().catch((err) => send(res, 500, { error: String(err) }));
  });
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${server.address().port}`;
  return { url, stop: () => new Promise((ok) => server.close(() => ok())) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { 'client-id': { type: 'string' }, 'client-secret': { type: 'string' }, port: { type: 'string' } } });
  const { url } = await startFakeGoogle({ clientId: values['client-id'] ?? 'cid', clientSecret: values['client-secret'] ?? 'secret', port: Number(values.port ?? 0) });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}
