import { KEYWORD_SHEET_FIELDS, type KeywordAction } from '@atende/plugin-flowbuilder-contract';
import { spreadsheetIdOf } from '@atende/plugin-google-sheets-contract';
import { createLogger } from '@atende/sdk-server';
import type { GoogleSheetsService } from './google-sheets.service.js';
import { buildRow } from './row.js';

const log = createLogger('google-sheets.keyword');

/**
 * A matched keyword with "Google Sheets" switched on appends a row to its sheet (§4: googleSheetsFieldA–L
 * name the columns A–L). Keywords are not plan-gated; the append is, by the service (useIntegrations).
 */
export function keywordAction(sheets: GoogleSheetsService): KeywordAction {
  return {
    async run(match) {
      if (!match.keyword.enableGoogleSheets) return;
      const s = match.keyword.sheets;
      const spreadsheetId = String(s.googleSheetsSpreadsheetId ?? '') || spreadsheetIdOf(String(s.googleSheetsSpreadsheetUrl ?? '')) || '';
      const integrationId = typeof s.googleSheetsIntegrationId === 'number' ? s.googleSheetsIntegrationId : Number(s.googleSheetsIntegrationId) || null;
      const row = buildRow(
        KEYWORD_SHEET_FIELDS.map((k) => s[k]),
        { contact: match.contact, ticketId: match.ticket.id, message: match.message.body },
      );
      const error = await sheets.append(match.companyId, { integrationId, spreadsheetId, sheet: String(s.googleSheetsSelectedSheet ?? '') }, row);
      if (error) log.warn(`keyword ${match.keyword.id} of company ${match.companyId}: ${error}`);
    },
  };
}
