/**
 * This plugin's contribution to the integrations plugin's `integrations.types` extension point
 * (`@atende/plugin-integrations-contract`, built in parallel): written as a plain object, without importing
 * that contract, so this plugin builds alone; the lead registers it at merge:
 *
 *   createExtensionPoint<IntegrationType>(INTEGRATION_TYPES).register('google-sheets.auth', googleSheetsAuthType(service))
 *
 * Status chip (§4): Conectado / Desconectado by whether the company has a stored token; the type's
 * testSession asks auth-status (tokens still valid, refreshed if due).
 */
import type { GoogleSheetsService } from './google-sheets.service.js';

export const GOOGLE_SHEETS_AUTH_TYPE = 'googlesheets-auth';

export function googleSheetsAuthType(service: GoogleSheetsService) {
  return {
    type: GOOGLE_SHEETS_AUTH_TYPE,
    label: { es: 'Google Sheets', pt: 'Google Sheets', en: 'Google Sheets' },
    /** The plugin whose page connects it (the popup), and the auth-status path the list reads. */
    plugin: 'google-sheets',
    statusPath: '/queueIntegration/google-sheets/auth-status',
    async testSession(companyId: number): Promise<{ ok: boolean; message: string }> {
      const s = await service.status(companyId);
      return s.isAuthenticated ? { ok: true, message: 'Conectado' } : { ok: false, message: 'Desconectado' };
    },
  };
}
