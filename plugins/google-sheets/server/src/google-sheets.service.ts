import { Inject, Injectable } from '@nestjs/common';
import { AppError, COMPANIES, PLUGIN_CONTEXT, REALTIME, TENANCY, createLogger, type Companies, type PluginContext, type RealtimePublisher, type Tenancy } from '@atende/sdk-server';
import {
  GOOGLE_SHEETS_ERRORS as E,
  GOOGLE_SHEETS_EVENT,
  GOOGLE_SHEETS_GLOBAL_SETTINGS as G,
  GOOGLE_SHEETS_TEXTS_ES as T,
  type AuthStatus,
  type GoogleSheetsEvent,
  type Sheet,
} from '@atende/plugin-google-sheets-contract';
import { GoogleAccountEntity, type GoogleAccount } from './account.entity.js';
import { GoogleError, SheetsSession, authUrl, exchangeCode, type GoogleConfig, type StoredTokens } from './google/client.js';
import { decrypt, encrypt, signState, verifyState, type OAuthState } from './google/crypto.js';
import { integrationDirectory } from './integration-directory.js';

const fail = (code: (typeof E)[keyof typeof E], status: number) => new AppError(code, status, T[code]);

/**
 * The company's Google connection: OAuth (state signed and bound to company and user), tokens encrypted
 * at rest and refreshed, the sheets of a spreadsheet, rows appended. Everything runs on the company's
 * tenant-filtered EntityManager (TENANCY), from a request or from a flow step or keyword.
 */
@Injectable()
export class GoogleSheetsService {
  private readonly log = createLogger('google-sheets.service');

  constructor(
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    @Inject(COMPANIES) private readonly companies: Companies,
  ) {}

  /** The Google app and endpoints; 500 (§8 'Error del servidor…') while the app is not configured. */
  async config(): Promise<GoogleConfig> {
    const s = this.plugin.settings;
    const [clientId, clientSecret, authUrl, tokenUrl, sheetsUrl] = await Promise.all([G.clientId, G.clientSecret, G.authUrl, G.tokenUrl, G.sheetsUrl].map((k) => s.global(k)));
    if (!clientId || !clientSecret) throw fail(E.notConfigured, 500);
    return { clientId, clientSecret, authUrl, tokenUrl, sheetsUrl };
  }

  private key = () => this.plugin.settings.globalSecret(G.key);

  hasPlan(companyId: number): Promise<boolean> {
    return this.companies.hasPlanFlag(companyId, 'useIntegrations');
  }

  private account(companyId: number): Promise<GoogleAccount | null> {
    return this.tenancy.forCompany(companyId, (em) => em.findOne(GoogleAccountEntity, { companyId }));
  }

  /** Whether `integrationId` is one of the company's (the integrations plugin's directory, else the connection's own). */
  async integrationOf(companyId: number, integrationId: number): Promise<{ id: number; name: string } | null> {
    const directory = integrationDirectory.all()[0]?.contribution;
    if (directory) return directory.find(companyId, integrationId);
    const acc = await this.account(companyId);
    return acc && acc.integrationId === integrationId ? { id: integrationId, name: acc.integrationName ?? '' } : null;
  }

  // ---------- OAuth ----------

  async startAuth(user: { id: number; companyId: number }, integrationId: number | null, integrationName: string | null, origin: string): Promise<string> {
    const cfg = await this.config();
    if (integrationId !== null && integrationDirectory.all().length) {
      const found = await this.integrationOf(user.companyId, integrationId);
      if (!found) throw fail(E.integrationNotFound, 404);
      integrationName = found.name;
    }
    const redirectUri = (await this.plugin.settings.global(G.redirectUri)) || `${origin}/google-sheets/callback`;
    const state = signState(await this.key(), { companyId: user.companyId, userId: user.id, integrationId, integrationName, redirectUri });
    return authUrl(cfg, redirectUri, state);
  }

  /** The code Google gave, handed over by the signed-in user who started (CSRF: the state names them). */
  async finishAuth(user: { id: number; companyId: number }, stateToken: string, code: string | undefined, error: string | undefined): Promise<{ authIntegrationId: number | null }> {
    const state: OAuthState | null = verifyState(await this.key(), stateToken);
    if (!state || state.companyId !== user.companyId || state.userId !== user.id) throw fail(E.badState, 400);
    if (error || !code) throw fail(E.authFailed, 400);
    const cfg = await this.config();
    let tokens: StoredTokens;
    try {
      tokens = await exchangeCode(cfg, state.redirectUri, code);
    } catch (err) {
      this.log.warn(`code exchange failed for company ${user.companyId}: ${(err as Error).message}`);
      throw fail(E.authFailed, 400);
    }
    const key = await this.key();
    await this.tenancy.forCompany(user.companyId, async (em) => {
      const prior = await em.findOne(GoogleAccountEntity, { companyId: user.companyId });
      // Google gives a refresh token only on first consent: a reconnect without one keeps the stored one.
      const refreshToken = tokens.refreshToken ? encrypt(key, tokens.refreshToken) : (prior?.refreshToken ?? null);
      const fields = {
        integrationId: state.integrationId,
        integrationName: state.integrationName,
        userId: user.id,
        accessToken: encrypt(key, tokens.accessToken),
        refreshToken,
        expiresAt: tokens.expiryDate ? new Date(tokens.expiryDate) : null,
        scope: tokens.scope,
        refreshedAt: null,
      };
      if (prior) em.assign(prior, fields);
      else em.create(GoogleAccountEntity, { companyId: user.companyId, ...fields });
      await em.flush();
    });
    this.announce(user.companyId, { action: 'connected', authIntegrationId: state.integrationId });
    return { authIntegrationId: state.integrationId };
  }

  private announce(companyId: number, event: GoogleSheetsEvent): void {
    this.realtime.toCompany(companyId, GOOGLE_SHEETS_EVENT, event, { permission: 'google-sheets:read' });
  }

  // ---------- sessions on stored tokens ----------

  /** A session on the company's tokens, or null when it has none. Refreshed tokens are stored encrypted. */
  private async session(companyId: number): Promise<{ session: SheetsSession; account: GoogleAccount } | null> {
    const account = await this.account(companyId);
    if (!account) return null;
    const key = await this.key();
    const tokens: StoredTokens = {
      accessToken: decrypt(key, account.accessToken),
      refreshToken: account.refreshToken ? decrypt(key, account.refreshToken) : null,
      expiryDate: account.expiresAt ? account.expiresAt.getTime() : null,
      scope: account.scope ?? null,
    };
    const session = new SheetsSession(await this.config(), tokens, async (t) => {
      await this.tenancy.forCompany(companyId, async (em) => {
        const row = await em.findOne(GoogleAccountEntity, { companyId, id: account.id });
        if (!row) return; // disconnected meanwhile: nothing to keep
        row.accessToken = encrypt(key, t.accessToken);
        if (t.refreshToken) row.refreshToken = encrypt(key, t.refreshToken);
        row.expiresAt = t.expiryDate ? new Date(t.expiryDate) : null;
        row.refreshedAt = new Date();
        await em.flush();
      });
    });
    return { session, account };
  }

  /** §7 auth-status: authenticated when the stored tokens still give an access token (refreshing if due). */
  async status(companyId: number): Promise<AuthStatus> {
    const s = await this.session(companyId);
    if (!s) return { isAuthenticated: false, authIntegrationId: null, integrationName: null, tokensRefreshed: false };
    let ok = true;
    try {
      await s.session.check();
    } catch (err) {
      if (!(err instanceof GoogleError && err.kind === 'expired')) throw err;
      ok = false; // §5: a token Google no longer honours shows as not authenticated
    }
    return { isAuthenticated: ok, authIntegrationId: s.account.integrationId ?? null, integrationName: s.account.integrationName ?? null, tokensRefreshed: s.session.refreshed };
  }

  /** Forgets the tokens (§7 disconnect); false when there were none. */
  async disconnect(companyId: number, integrationId?: number): Promise<boolean> {
    const removed = await this.tenancy.forCompany(companyId, async (em) => {
      const row = await em.findOne(GoogleAccountEntity, { companyId });
      if (!row) return false;
      if (integrationId !== undefined && row.integrationId !== integrationId) return false;
      em.remove(row);
      await em.flush();
      return true;
    });
    if (removed) this.announce(companyId, { action: 'disconnected', authIntegrationId: null });
    return removed;
  }

  /** §7/§8 sheets list: 404 unknown integration, 400 not authenticated, 401 Google session expired, other failures. */
  async listSheets(companyId: number, integrationId: number, spreadsheetId: string): Promise<Sheet[]> {
    if (!(await this.integrationOf(companyId, integrationId))) {
      // Without a directory an unknown id and a company never connected look alike: not authenticated first.
      if (!integrationDirectory.all().length && !(await this.account(companyId))) throw fail(E.notAuthenticated, 400);
      throw fail(E.integrationNotFound, 404);
    }
    const s = await this.session(companyId);
    if (!s) throw fail(E.notAuthenticated, 400);
    try {
      return await s.session.listSheets(spreadsheetId);
    } catch (err) {
      if (err instanceof GoogleError && err.kind === 'expired') throw fail(E.sessionExpired, 401);
      this.log.warn(`listing sheets failed for company ${companyId}: ${(err as Error).message}`);
      throw fail(E.listFailed, 502);
    }
  }

  /**
   * Appends one row for a flow step or a keyword. Answers null on success, else the text to record
   * (the step's `lastError`; logged for a keyword). Never throws for Google's failures.
   */
  async append(companyId: number, target: { integrationId: number | null; spreadsheetId: string; sheet: string }, row: string[]): Promise<string | null> {
    if (!(await this.hasPlan(companyId))) return 'El plan de la empresa no incluye integraciones.';
    if (!target.integrationId || !(await this.integrationOf(companyId, target.integrationId))) return T[E.integrationNotFound];
    if (!target.spreadsheetId || !target.sheet) return T[E.appendFailed];
    const s = await this.session(companyId);
    if (!s) return T[E.notAuthenticated];
    try {
      await s.session.appendRow(target.spreadsheetId, target.sheet, row);
      return null;
    } catch (err) {
      if (err instanceof GoogleError && err.kind === 'expired') return T[E.sessionExpired];
      return `${T[E.appendFailed]} ${(err as Error).message}`.slice(0, 1000);
    }
  }
}
