import type { Integration } from '@atende/plugin-integrations-contract';
import { TYPEBOT_DEFAULT_DELAY, TYPEBOT_DEFAULT_EXPIRES } from '@atende/plugin-integrations-contract';
import type { IntegrationRow } from './entities.js';
import { typeOf } from './types.js';

/** Shown in place of a stored credential or token: the web knows one is set, never what it is. */
export const MASK = '***';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

export function toDto(row: IntegrationRow): Integration {
  const c = row.config ?? {};
  const secretJson = typeOf(row.type)?.secretJson ?? false;
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    projectName: str(c.projectName),
    jsonContent: secretJson ? (row.secret ? MASK : null) : str(c.jsonContent),
    language: str(c.language),
    urlN8N: str(c.urlN8N),
    urlShopify: str(c.urlShopify),
    messageTemplate: str(c.messageTemplate),
    whatsappId: num(c.whatsappId),
    flowId: num(c.flowId),
    typebotDelayMessage: num(c.typebotDelayMessage) ?? TYPEBOT_DEFAULT_DELAY,
    typebotExpires: num(c.typebotExpires) ?? TYPEBOT_DEFAULT_EXPIRES,
    typebotKeywordFinish: str(c.typebotKeywordFinish),
    typebotKeywordRestart: str(c.typebotKeywordRestart),
    typebotRestartMessage: str(c.typebotRestartMessage),
    typebotSlug: str(c.typebotSlug),
    typebotUnknownMessage: str(c.typebotUnknownMessage),
    imageCaption: str(c.imageCaption),
    imagePath: row.imagePath ?? null,
    shopifyOptions: Array.isArray(c.shopifyOptions) ? (c.shopifyOptions as Integration['shopifyOptions']) : [],
    spreadsheetId: str(c.spreadsheetId),
    // Tokens belong to the google-sheets plugin's type; only whether one exists is shown (the status chip).
    googleSheetsAccessToken: c.googleSheetsAccessToken ? MASK : null,
    googleSheetsRefreshToken: c.googleSheetsRefreshToken ? MASK : null,
    googleSheetsSpreadsheetId: str(c.googleSheetsSpreadsheetId),
    googleSheetsSheetName: str(c.googleSheetsSheetName),
    campo1: str(c.campo1),
    campo2: str(c.campo2),
    campo3: str(c.campo3),
    selectedSheet: str(c.selectedSheet),
    field1: str(c.field1),
    field2: str(c.field2),
    field3: str(c.field3),
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
