import { z } from 'zod';

/**
 * A campaign's per-recipient report (issue 38 item 8): who got which variant, when, and for a failure
 * why. Read from the campaign's shipping rows; the CSV export carries the same columns.
 */
export const CAMPAIGN_RECIPIENT_STATUSES = ['pending', 'sent', 'delivered', 'failed'] as const;
export type CampaignRecipientStatus = (typeof CAMPAIGN_RECIPIENT_STATUSES)[number];

export const campaignRecipientSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  /** 1–5: the message variant this contact was given. */
  variant: z.number().int(),
  status: z.enum(CAMPAIGN_RECIPIENT_STATUSES),
  /** Why the send failed (a kernel error code or a short reason), null otherwise. */
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

export const campaignRecipientQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
  status: z.enum(CAMPAIGN_RECIPIENT_STATUSES).optional(),
});
export const campaignRecipientPageSchema = z.object({ records: z.array(campaignRecipientSchema), count: z.number().int(), hasMore: z.boolean() });
export type CampaignRecipientPage = z.infer<typeof campaignRecipientPageSchema>;
export const CAMPAIGN_RECIPIENTS_PAGE_SIZE = 50;

/** The export's columns, in order (the header row is the web's translation of these keys). */
export const CAMPAIGN_RECIPIENT_CSV_COLUMNS = ['number', 'name', 'variant', 'status', 'error', 'sentAt', 'deliveredAt'] as const;

/** What starts a formula in a spreadsheet cell, full-width forms included. */
const FORMULA_START = '[=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20]';
const LEADING_FORMULA = new RegExp(`^\\s*${FORMULA_START}|^[\\t\\r]`);
/**
 * A formula start right after a separator: Excel in Spanish or Portuguese splits on `;` and takes quotes
 * inside a field as text, so a name like `x;=WEBSERVICE(…)` would become a cell of its own there.
 */
const INNER_FORMULA = new RegExp(`([,;\\t\\r\\n]\\s*)(?=${FORMULA_START})`, 'g');

/**
 * One CSV field: quoted when needed, and every formula start neutralised with a `'` (at the start, and
 * after any separator a spreadsheet in another locale might split on). Numbers are written as they are.
 */
export function csvField(value: string | number | null): string {
  if (typeof value === 'number') return String(value);
  let s = value ?? '';
  s = s.replace(INNER_FORMULA, "$1'");
  if (LEADING_FORMULA.test(s)) s = `'${s}`;
  return /[",\r\n;]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The report as CSV (UTF-8 with a BOM so spreadsheets read accents): a header row, then one row per recipient. */
export function recipientsCsv(header: readonly string[], rows: readonly CampaignRecipient[]): string {
  const lines = [header.map(csvField).join(','), ...rows.map((r) => CAMPAIGN_RECIPIENT_CSV_COLUMNS.map((k) => csvField(r[k])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
