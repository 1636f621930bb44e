/**
 * The spreadsheet id in what a user pasted (§5): /spreadsheets/d/{id}, /spreadsheets/u/{n}/d/{id} or an
 * id= parameter; text without a slash is taken as the id. Null when nothing fits.
 */
export function spreadsheetIdOf(input: string): string | null {
  const v = input.trim();
  if (!v) return null;
  const m = /\/spreadsheets\/(?:u\/\d+\/)?d\/([A-Za-z0-9_-]+)/.exec(v) ?? /[?&#]id=([A-Za-z0-9_-]+)/.exec(v);
  if (m) return m[1];
  return v.includes('/') ? null : v;
}
