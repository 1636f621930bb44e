import { HANDLES, SHEET_FIELD_KEYS, type NodeExecutionContext, type NodeExecutor, type NodeResult } from '@atende/plugin-flowbuilder-contract';
import { spreadsheetIdOf } from '@atende/plugin-google-sheets-contract';
import type { GoogleSheetsService } from './google-sheets.service.js';
import { buildRow } from './row.js';

/**
 * The flow builder's Google Sheets step (§4: integrationId, spreadsheetId/Url, selectedSheet, fieldA–L,
 * processingMode, lastError; outputs success and error). It appends one row and goes on through
 * `success`, recording `lastError: null`; a failure goes through `error` with `lastError` set, which the
 * canvas shows on the node. `processingMode` ('Aleatorio' by default) is recorded in the log: the spec
 * names no other mode nor what one changes, so every mode appends the row.
 */
export function googleSheetsExecutor(sheets: GoogleSheetsService): NodeExecutor {
  return {
    type: 'googlesheets',
    async execute(ctx: NodeExecutionContext): Promise<NodeResult> {
      const d = ctx.node.data as Record<string, unknown>;
      const spreadsheetId = String(d.spreadsheetId ?? '') || spreadsheetIdOf(String(d.spreadsheetUrl ?? '')) || '';
      const row = buildRow(
        SHEET_FIELD_KEYS.map((k) => d[k] as string | undefined),
        { contact: ctx.contact, ticketId: ctx.ticket.id, variables: ctx.variables, render: (t) => ctx.render(t), message: ctx.input?.body },
      );
      const error = await sheets.append(ctx.companyId, { integrationId: typeof d.integrationId === 'number' ? d.integrationId : Number(d.integrationId) || null, spreadsheetId, sheet: String(d.selectedSheet ?? '') }, row);
      ctx.log(`google sheets (${String(d.processingMode ?? 'Aleatorio')}): ${error ?? 'row appended'}`);
      return error ? { kind: 'next', handle: HANDLES.sheetsError, nodeData: { lastError: error } } : { kind: 'next', handle: HANDLES.sheetsSuccess, nodeData: { lastError: null } };
    },
  };
}
