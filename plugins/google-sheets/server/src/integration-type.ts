import type { IntegrationType } from '@atende/plugin-integrations-contract';
import type { GoogleSheetsService } from './google-sheets.service.js';

/** The integrations plugin's type for a Google connection (automation-productivity §9: `googlesheets-auth`). */
export const GOOGLE_SHEETS_AUTH_TYPE = 'googlesheets-auth';

/**
 * This plugin's contribution to the integrations plugin's `integrations.types` point: the record is
 * made in the integrations list, connected through this plugin's popup, and its testSession asks
 * auth-status (tokens still valid, refreshed if due). It has no inbound runtime: Sheets is written by
 * the flow step and by keywords, never in answer to a customer.
 */
export function googleSheetsAuthType(service: Pick<GoogleSheetsService, 'status'>): IntegrationType {
  return {
    type: GOOGLE_SHEETS_AUTH_TYPE,
    async test(ctx) {
      const s = await service.status(ctx.companyId);
      return s.isAuthenticated ? { ok: true, message: 'Conectado' } : { ok: false, message: 'Desconectado' };
    },
  };
}
