import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUPER,
  TENANT_PASSWORD,
  client,
  createDatabase,
  eventually,
  queryDb,
  sandbox,
  startFakeGoogle,
  startServer,
  twoCompanies,
  unservedEndpoints,
  type FakeGoogle,
  type RunningServer,
} from '@atende/sdk-server/testing';
import { GOOGLE_SHEETS_ENDPOINTS } from '@atende/plugin-google-sheets-contract';
import type { FlowConnection, FlowNodeInput } from '@atende/plugin-flowbuilder-contract';
import { GoogleSheetsController } from '../src/google-sheets.controller.js';

/**
 * The plugin against the real kernel, PostgreSQL and Redis, with the flow builder, and Google played by
 * the local fake (`startFakeGoogle` of the SDK's test kit). Alone:
 * npx vitest run --config tooling/vitest.config.ts --project integration plugins/google-sheets/server/test
 */

const Q = '/api/queueIntegration';
const SHEET_URL = 'https://docs.google.com/spreadsheets/d/S1/edit#gid=0';

describe('google-sheets', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let google: FakeGoogle;
  let admin: string;
  let otherAdmin: string;
  let sup: string;
  let tiendaId: number;
  /** Tienda's googlesheets-auth integration (a record of the integrations plugin, which checks ids). */
  let INT = 0;

  /** The popup's whole trip: auth URL, Google's consent (the fake agrees), the code handed back by the signed-in page. */
  const consent = async (token: string, integrationId = INT) => {
    const start = await api.get(`${Q}/google-sheets/auth?integrationId=${integrationId}&integrationName=Hojas`, token);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const back = await fetch(start.body.authUrl, { redirect: 'manual' });
    const to = new URL(back.headers.get('location')!);
    return { authUrl: new URL(start.body.authUrl as string), to, code: to.searchParams.get('code'), state: to.searchParams.get('state')!, error: to.searchParams.get('error') };
  };
  const connect = async (token: string, integrationId = INT) => {
    const c = await consent(token, integrationId);
    const r = await api.post(`${Q}/google-sheets/callback`, { code: c.code, state: c.state }, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const status = async (token: string) => (await api.get(`${Q}/google-sheets/auth-status`, token)).body;

  beforeAll(async () => {
    google = await startFakeGoogle({ clientId: 'cid.apps.test', clientSecret: 'csecret-not-for-browsers' });
    await google.addSpreadsheet('S1', ['Pedidos', 'Clientes']);
    db = await createDatabase();
    server = await startServer({
      databaseUrl: db.url,
      env: {
        ATENDE_PLUGINS: '@atende/plugin-flowbuilder-server,@atende/plugin-google-sheets-server',
        GOOGLE_CLIENT_ID: 'cid.apps.test',
        GOOGLE_CLIENT_SECRET: 'csecret-not-for-browsers',
        GOOGLE_OAUTH_AUTH_URL: google.authUrl,
        GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
        GOOGLE_SHEETS_API_URL: google.sheetsUrl,
      },
    });
    api = client(server.url);
    ({ admin, otherAdmin, companyId: tiendaId } = await twoCompanies(api, { users: 10, connections: 10, queues: 5 }));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    // The integrations plugin is installed: the connection is made for one of its records, by id.
    const made = await api.post('/api/queueIntegration', { type: 'googlesheets-auth', name: 'Hojas' }, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    INT = made.body.id;
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await google?.stop();
  });

  it('serves every endpoint its contract declares, at the spec’s /queueIntegration paths', () => {
    expect(unservedEndpoints([GoogleSheetsController], { sheets: GOOGLE_SHEETS_ENDPOINTS })).toEqual([]);
  });

  it('the callback page keeps its opener (no COOP on it); the app’s pages allow their popups', async () => {
    expect((await fetch(`${server.url}/google-sheets/callback?code=x`)).headers.get('cross-origin-opener-policy')).toBeNull();
    expect((await fetch(`${server.url}/google-sheets`)).headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it('connects through OAuth: the auth URL is Google’s with a signed state, the code is exchanged, tokens are stored encrypted', async () => {
    expect(await status(admin)).toEqual({ isAuthenticated: false, authIntegrationId: null, integrationName: null, tokensRefreshed: false });
    const c = await consent(admin);
    expect(c.authUrl.origin + c.authUrl.pathname).toBe(google.authUrl);
    expect(c.authUrl.searchParams.get('client_id')).toBe('cid.apps.test');
    expect(c.authUrl.searchParams.get('access_type')).toBe('offline');
    expect(c.authUrl.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/spreadsheets');
    expect(c.authUrl.toString()).not.toContain('csecret');
    // Without a configured redirect URI, the page's own origin: Google sends the popup to the callback page.
    expect(c.to.origin + c.to.pathname).toBe(`${server.url}/google-sheets/callback`);
    const done = await api.post(`${Q}/google-sheets/callback`, { code: c.code, state: c.state }, admin);
    expect(done.body).toEqual({ ok: true, authIntegrationId: INT });
    expect(await status(admin)).toEqual({ isAuthenticated: true, authIntegrationId: INT, integrationName: 'Hojas', tokensRefreshed: false });

    const exchange = (await google.requests()).find((r) => r.path === '/token' && (r.body as Record<string, string>).grant_type === 'authorization_code')!;
    expect(exchange.body).toMatchObject({ code: c.code, client_secret: 'csecret-not-for-browsers', redirect_uri: `${server.url}/google-sheets/callback` });
    const [row] = await queryDb(db.url, 'select access_token, refresh_token from google_sheets_accounts');
    expect(row.access_token).toMatch(/^v1:/);
    expect(row.access_token).not.toContain('ya29.');
    expect(row.refresh_token).not.toContain('1//');
  });

  it('the state is bound to the company and user who started, signed, and Google’s refusal is reported', async () => {
    const c = await consent(admin);
    // Another company's admin cannot land Tienda's consent in her company (nor the reverse).
    expect((await api.post(`${Q}/google-sheets/callback`, { code: c.code, state: c.state }, otherAdmin)).body).toMatchObject({ error: 'ERR_GOOGLE_SHEETS_BAD_STATE' });
    const [body, mac] = c.state.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), integrationId: INT + 1 })).toString('base64url');
    expect((await api.post(`${Q}/google-sheets/callback`, { code: c.code, state: `${forged}.${mac}` }, admin)).status).toBe(400);
    await google.control({ nextConsentError: 'access_denied' });
    const denied = await consent(admin);
    expect(denied.error).toBe('access_denied');
    const r = await api.post(`${Q}/google-sheets/callback`, { error: denied.error, state: denied.state }, admin);
    expect(r.body).toMatchObject({ error: 'ERR_GOOGLE_SHEETS_AUTH_FAILED' });
    // A code already used (or unknown) is refused by Google: reported, the connection stays as it was.
    expect((await api.post(`${Q}/google-sheets/callback`, { code: 'bogus', state: c.state }, admin)).body).toMatchObject({ error: 'ERR_GOOGLE_SHEETS_AUTH_FAILED' });
    expect((await status(admin)).isAuthenticated).toBe(true);
  });

  it('lists the sheets of a spreadsheet; §8 errors: unknown integration 404, not authenticated 400, bad spreadsheet, missing id', async () => {
    const r = await api.get(`${Q}/${INT}/google-sheets/sheets?spreadsheetId=S1`, admin);
    expect(r.body).toEqual({ sheets: [{ id: 0, name: 'Pedidos', title: 'Pedidos' }, { id: 1000, name: 'Clientes', title: 'Clientes' }] });
    expect((await api.get(`/api/google-sheets/queueIntegration/${INT}/google-sheets/sheets?spreadsheetId=S1`, admin)).body).toEqual(r.body);
    expect((await api.get(`${Q}/99/google-sheets/sheets?spreadsheetId=S1`, admin)).body).toMatchObject({ error: 'ERR_GOOGLE_SHEETS_INTEGRATION_NOT_FOUND', message: 'Integración no encontrada' });
    const bad = await api.get(`${Q}/${INT}/google-sheets/sheets?spreadsheetId=NOPE`, admin);
    expect(bad.status).toBe(502);
    expect(bad.body.message).toBe('Error al obtener las hojas disponibles. Verifica el ID de la hoja de cálculo.');
    expect((await api.get(`${Q}/${INT}/google-sheets/sheets`, admin)).body.error).toBe('ERR_VALIDATION');
    // Tenant isolation: Tienda's integration is not the other company's (the integrations directory says
    // so), and with one of its own but no Google connection it is told to authenticate first.
    const other = await api.get(`${Q}/${INT}/google-sheets/sheets?spreadsheetId=S1`, otherAdmin);
    expect([other.status, other.body.error]).toEqual([404, 'ERR_GOOGLE_SHEETS_INTEGRATION_NOT_FOUND']);
    const theirs = (await api.post('/api/queueIntegration', { type: 'googlesheets-auth', name: 'Suyas' }, otherAdmin)).body.id as number;
    const unauthenticated = await api.get(`${Q}/${theirs}/google-sheets/sheets?spreadsheetId=S1`, otherAdmin);
    expect(unauthenticated.status).toBe(400);
    expect(unauthenticated.body.message).toBe('Google Sheets no está autenticado. Por favor autentica primero.');
    expect((await api.get(`${Q}/${INT}/google-sheets/sheets?spreadsheetId=S1&companyId=${tiendaId}`, otherAdmin)).status).toBe(404);
    expect((await api.get(`${Q}/google-sheets/auth-status?companyId=${tiendaId}`, otherAdmin)).status).toBe(404);
    expect((await status(otherAdmin)).isAuthenticated).toBe(false);
  });

  it('refreshes tokens: a 401 from Sheets and a due expiry both get a new access token, stored encrypted', async () => {
    const [before] = await queryDb(db.url, 'select access_token from google_sheets_accounts');
    await google.control({ expireAccessTokens: true });
    expect((await api.get(`${Q}/${INT}/google-sheets/sheets?spreadsheetId=S1`, admin)).status).toBe(200);
    const [after] = await queryDb(db.url, 'select access_token, refreshed_at from google_sheets_accounts');
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refreshed_at).not.toBeNull();
    await queryDb(db.url, `update google_sheets_accounts set expires_at = now() - interval '1 minute'`);
    expect(await status(admin)).toMatchObject({ isAuthenticated: true, tokensRefreshed: true });
    expect(await status(admin)).toMatchObject({ isAuthenticated: true, tokensRefreshed: false });
  });

  it('a revoked grant shows as not authenticated, and the sheets list answers 401 with §8’s text; reconnecting fixes it', async () => {
    await google.control({ revokeRefreshTokens: true, expireAccessTokens: true });
    await queryDb(db.url, `update google_sheets_accounts set expires_at = now() - interval '1 minute'`);
    expect((await status(admin)).isAuthenticated).toBe(false);
    const r = await api.get(`${Q}/${INT}/google-sheets/sheets?spreadsheetId=S1`, admin);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ error: 'ERR_GOOGLE_SHEETS_SESSION_EXPIRED', message: 'Tu sesión de Google Sheets ha expirado. Por favor, autentica nuevamente.' });
    await connect(admin);
    expect((await status(admin)).isAuthenticated).toBe(true);
  });

  it('the flow step appends a row (columns A–L) and goes on through success; a failure goes through error and records lastError', async () => {
    const at = (x: number) => ({ position: { x, y: 0 } });
    const start: FlowNodeInput = { id: '1', type: 'start', ...at(0), data: { label: 'Inicio del flujo' } };
    const edge = (source: string, target: string, sourceHandle: string | null = null): FlowConnection => ({ id: `${source}-${target}-${sourceHandle ?? ''}`, source, target, sourceHandle });
    const flowWith = async (name: string, sheet: string) => {
      const id = (await api.post('/api/flowbuilder', { name }, admin)).body.id as number;
      const nodes: FlowNodeInput[] = [
        start,
        { id: 'g', type: 'googlesheets', ...at(1), data: { integrationId: INT, spreadsheetUrl: SHEET_URL, spreadsheetId: 'S1', selectedSheet: sheet, fieldA: 'Nombre', fieldB: 'Celular', fieldC: 'Distrito', fieldD: 'Ticket #{{ticketId}}', processingMode: 'Aleatorio' } },
        { id: 'ok', type: 'message', ...at(2), data: { label: 'Registrado' } },
        { id: 'ko', type: 'message', ...at(3), data: { label: 'No se pudo registrar' } },
      ];
      const saved = await api.post('/api/flowbuilder/flow', { idFlow: id, nodes, connections: [edge('1', 'g'), edge('g', 'ok', 'success'), edge('g', 'ko', 'error')] }, admin);
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      return id;
    };
    const good = await flowWith('Hoja bien', 'Pedidos');
    const broken = await flowWith('Hoja mal', 'No existe');
    expect((await api.post('/api/keywords', { name: 'Registrar', keyword: 'registrar', activateFlowId: good }, admin)).status).toBe(201);
    expect((await api.post('/api/keywords', { name: 'Romper', keyword: 'romper', activateFlowId: broken }, admin)).status).toBe(201);

    const phone = sandbox(api, admin);
    const wa = await phone.connect('Sandbox hojas');
    await phone.say(wa, '5491100000011', 'registrar', 'Ana');
    await eventually(async () => ((await phone.outbox(wa, '5491100000011')).includes('Registrado') ? true : null), 20_000);
    const [ticket] = await queryDb(db.url, `select t.id from tickets t join contacts c on c.id = t.contact_id where c.number = '5491100000011'`);
    expect(await google.rows('S1', 'Pedidos')).toEqual([['Ana', '5491100000011', '', `Ticket #${ticket.id}`]]);
    const drawn = (await api.get(`/api/flowbuilder/flow/${good}`, admin)).body.flow.flow;
    expect(drawn.nodes.find((n: { id: string }) => n.id === 'g').data.lastError ?? null).toBeNull();

    await phone.say(wa, '5491100000012', 'romper', 'Beto');
    await eventually(async () => ((await phone.outbox(wa, '5491100000012')).includes('No se pudo registrar') ? true : null), 20_000);
    const failed = (await api.get(`/api/flowbuilder/flow/${broken}`, admin)).body.flow.flow;
    expect(failed.nodes.find((n: { id: string }) => n.id === 'g').data.lastError).toMatch(/^No se pudo agregar la fila/);

    // The sheet appears: the next run goes through success and clears the step's lastError.
    await google.addSpreadsheet('S1', ['Pedidos', 'Clientes', 'No existe']);
    await phone.say(wa, '5491100000012', 'romper', 'Beto');
    await eventually(async () => ((await phone.outbox(wa, '5491100000012')).includes('Registrado') ? true : null), 20_000);
    expect(await google.rows('S1', 'No existe')).toHaveLength(1);
    const fixed = (await api.get(`/api/flowbuilder/flow/${broken}`, admin)).body.flow.flow;
    expect(fixed.nodes.find((n: { id: string }) => n.id === 'g').data.lastError).toBeNull();
  });

  it('a keyword with Google Sheets on appends its mapped columns to its sheet (the sheet from the URL)', async () => {
    const made = await api.post(
      '/api/keywords',
      {
        name: 'Pedido',
        keyword: 'quiero pedir',
        enableGoogleSheets: true,
        googleSheetsIntegrationId: INT,
        googleSheetsSpreadsheetUrl: SHEET_URL,
        googleSheetsSelectedSheet: 'Clientes',
        googleSheetsFieldA: 'Nombre',
        googleSheetsFieldB: '',
        googleSheetsFieldC: 'Mensaje',
        googleSheetsFieldE: 'Celular',
      },
      admin,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Sandbox palabras');
    await phone.say(wa, '5491100000021', 'Quiero pedir', 'Carla');
    await eventually(async () => ((await google.rows('S1', 'Clientes')).length ? true : null), 20_000);
    expect(await google.rows('S1', 'Clientes')).toEqual([['Carla', '', 'Quiero pedir', '', '5491100000021']]);
    // Switched off, the same keyword appends nothing more.
    expect((await api.put(`/api/keywords/${made.body.id}`, { enableGoogleSheets: false }, admin)).status).toBe(200);
    await phone.say(wa, '5491100000022', 'quiero pedir', 'Dani');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await google.rows('S1', 'Clientes')).toHaveLength(1);
  });

  it('only admins connect and disconnect; disconnect by id (404 for another id) and by company', async () => {
    await api.post('/api/users', { name: 'Agente', email: 'agente-gs@tienda.test', password: TENANT_PASSWORD, profile: 'user' }, admin);
    const agent = (await api.login('agente-gs@tienda.test', TENANT_PASSWORD)).token;
    expect((await api.get(`${Q}/google-sheets/auth?integrationId=${INT}`, agent)).status).toBe(403);
    expect((await api.post(`${Q}/google-sheets/disconnect/${INT}`, {}, agent)).status).toBe(403);
    expect((await status(agent)).isAuthenticated).toBe(true);

    expect((await api.post(`${Q}/google-sheets/disconnect/99`, {}, admin)).body).toMatchObject({ error: 'ERR_GOOGLE_SHEETS_INTEGRATION_NOT_FOUND' });
    expect((await api.post(`${Q}/google-sheets/disconnect/${INT}`, {}, otherAdmin)).status).toBe(404);
    expect((await api.post(`${Q}/google-sheets/disconnect/${INT}`, {}, admin)).body).toEqual({ disconnected: true });
    expect(await status(admin)).toMatchObject({ isAuthenticated: false, authIntegrationId: null });
    expect(await queryDb(db.url, 'select 1 from google_sheets_accounts')).toHaveLength(0);

    await connect(admin, INT);
    expect((await api.post(`${Q}/google-sheets/disconnect`, { companyId: tiendaId }, otherAdmin)).status).toBe(404);
    expect((await status(admin)).isAuthenticated).toBe(true);
    expect((await api.post(`${Q}/google-sheets/disconnect`, { companyId: tiendaId }, admin)).body).toEqual({ disconnected: true });
    expect((await status(admin)).isAuthenticated).toBe(false);
  });

  it('auth start without a configured Google app answers 500 with §8’s text; the client secret is a secret setting', async () => {
    const settings = (await api.get('/api/settings/global', sup)).body as { key: string; value: string }[];
    expect(settings.map((s) => s.key)).toEqual(expect.arrayContaining(['google-sheets.clientId', 'google-sheets.clientSecret', 'google-sheets.sheetsUrl']));
    expect((await api.put('/api/settings/global/google-sheets.clientSecret', { value: '' }, admin)).status).toBe(403);
    expect((await api.put('/api/settings/global/google-sheets.clientId', { value: '' }, sup)).status).toBe(200);
    const r = await api.get(`${Q}/google-sheets/auth?integrationId=${INT}`, admin);
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ error: 'ERR_GOOGLE_SHEETS_NOT_CONFIGURED', message: 'Error del servidor. Verifica la configuración de Google Sheets.' });
    expect((await api.put('/api/settings/global/google-sheets.clientId', { value: 'cid.apps.test' }, sup)).status).toBe(200);
    expect((await api.get(`${Q}/google-sheets/auth?integrationId=${INT}`, admin)).status).toBe(200);
  });

  it('plans without useIntegrations are refused (the integrations plugin’s gate)', async () => {
    const plan = (await api.post('/api/plans', { name: 'Sin integraciones', value: 10, users: 10, connections: 2, queues: 5, useIntegrations: false }, sup)).body;
    const otherId = (await api.login('admin@otra.test', TENANT_PASSWORD)).user.companyId;
    expect((await api.put(`/api/companies/${otherId}`, { planId: plan.id }, sup)).status).toBe(200);
    const relogged = (await api.login('admin@otra.test', TENANT_PASSWORD)).token;
    expect((await api.get(`${Q}/google-sheets/auth-status`, relogged)).status).toBe(403);
    expect((await api.get(`${Q}/google-sheets/auth?integrationId=${INT}`, relogged)).status).toBe(403);
    const listed = ((await api.get('/api/plugins', relogged)).body as { id: string; locked?: boolean }[]).find((p) => p.id === 'google-sheets');
    expect(listed?.locked).toBe(true);
  });
});
