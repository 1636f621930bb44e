// Only the Sheets API of googleapis: the package's index loads all ~400 APIs (≈1.2 s and +110 MB at
// boot, measured on this machine); this module is one API and the auth library (≈0.2 s, +15 MB).
import { auth as googleAuth, sheets as sheetsApi, type sheets_v4 } from 'googleapis/build/src/apis/sheets/index.js';

/** Where Google is and which app asks (global settings). */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  sheetsUrl: string;
}

export interface StoredTokens {
  accessToken: string;
  refreshToken: string | null;
  expiryDate: number | null;
  scope: string | null;
}

export const SCOPES = ['https://www.googleapis.com/auth/spreadsheets'];
/** Each call to Google: a stuck endpoint fails the step instead of holding the ticket's chain. */
const TIMEOUT_MS = 10_000;

/** Why a call to Google failed, as the API answers it (§8 texts). */
export type GoogleFailure = 'expired' | 'not_found' | 'failed';
export class GoogleError extends Error {
  constructor(
    readonly kind: GoogleFailure,
    message: string,
  ) {
    super(message);
  }
}

function classify(err: unknown): GoogleError {
  if (err instanceof GoogleError) return err;
  const e = err as { status?: number; code?: string | number; response?: { status?: number; data?: { error?: unknown } }; message?: string };
  const status = e.response?.status ?? (typeof e.status === 'number' ? e.status : undefined);
  const data = e.response?.data?.error;
  // The token endpoint refusing the refresh token (revoked, expired): Google's answer is invalid_grant.
  if (status === 401 || data === 'invalid_grant' || e.message?.includes('invalid_grant') || e.message?.includes('No refresh token')) return new GoogleError('expired', e.message ?? 'expired');
  if (status === 404 || status === 400 || status === 403) return new GoogleError('not_found', e.message ?? String(status));
  return new GoogleError('failed', e.message ?? 'failed');
}

function oauth(cfg: GoogleConfig, redirectUri?: string) {
  return new googleAuth.OAuth2({
    clientId: cfg.clientId,
    clientSecret: cfg.clientSecret,
    redirectUri,
    endpoints: { oauth2AuthBaseUrl: cfg.authUrl, oauth2TokenUrl: cfg.tokenUrl },
    // A 401 from Sheets refreshes once and retries (a token Google dropped before its expiry).
    forceRefreshOnFailure: true,
  });
}

/** The consent page's address (offline: a refresh token; consent: Google gives it again on a reconnect). */
export function authUrl(cfg: GoogleConfig, redirectUri: string, state: string): string {
  return oauth(cfg, redirectUri).generateAuthUrl({ access_type: 'offline', prompt: 'consent', scope: SCOPES, state, include_granted_scopes: true });
}

export async function exchangeCode(cfg: GoogleConfig, redirectUri: string, code: string): Promise<StoredTokens> {
  try {
    const { tokens } = await oauth(cfg, redirectUri).getToken({ code, redirect_uri: redirectUri });
    if (!tokens.access_token) throw new GoogleError('failed', 'no access token in the answer');
    return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token ?? null, expiryDate: tokens.expiry_date ?? null, scope: tokens.scope ?? null };
  } catch (err) {
    throw classify(err);
  }
}

/**
 * A session on a company's tokens: calls refresh them when due (before expiry, or once on a 401), and
 * `onRefresh` hears every new access token so the caller stores it (encrypted).
 */
export class SheetsSession {
  private readonly client: ReturnType<typeof oauth>;
  private readonly api: sheets_v4.Sheets;
  refreshed = false;

  constructor(cfg: GoogleConfig, tokens: StoredTokens, onRefresh: (t: StoredTokens) => Promise<void>) {
    this.client = oauth(cfg);
    const pending: Promise<void>[] = [];
    this.client.setCredentials({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken ?? undefined, expiry_date: tokens.expiryDate ?? undefined });
    this.client.on('tokens', (t) => {
      if (!t.access_token) return;
      this.refreshed = true;
      pending.push(
        onRefresh({ accessToken: t.access_token, refreshToken: t.refresh_token ?? tokens.refreshToken, expiryDate: t.expiry_date ?? null, scope: t.scope ?? tokens.scope }),
      );
    });
    this.flush = () => Promise.all(pending.splice(0)).then(() => undefined);
    this.api = sheetsApi({ version: 'v4', auth: this.client, rootUrl: cfg.sheetsUrl, timeout: TIMEOUT_MS, retry: false });
  }

  /** Waits for the stored copy of any refreshed token. */
  readonly flush: () => Promise<void>;

  /** A valid access token (refreshed when due): the auth-status check. */
  async check(): Promise<void> {
    try {
      await this.client.getAccessToken();
    } catch (err) {
      throw classify(err);
    } finally {
      await this.flush();
    }
  }

  async listSheets(spreadsheetId: string): Promise<{ id: number; name: string; title: string }[]> {
    try {
      const r = await this.api.spreadsheets.get({ spreadsheetId, fields: 'sheets.properties(sheetId,title)' });
      return (r.data.sheets ?? []).map((s) => ({ id: s.properties?.sheetId ?? 0, name: s.properties?.title ?? '', title: s.properties?.title ?? '' }));
    } catch (err) {
      throw classify(err);
    } finally {
      await this.flush();
    }
  }

  /** One row after the sheet's last one, columns A–L, typed as a user would (USER_ENTERED). */
  async appendRow(spreadsheetId: string, sheet: string, row: string[]): Promise<void> {
    try {
      await this.api.spreadsheets.values.append({
        spreadsheetId,
        range: `'${sheet.replace(/'/g, "''")}'!A:L`,
        valueInputOption: 'USER_ENTERED',
        insertDataOption: 'INSERT_ROWS',
        requestBody: { values: [row] },
      });
    } catch (err) {
      throw classify(err);
    } finally {
      await this.flush();
    }
  }
}
