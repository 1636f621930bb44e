export type SampleLanguage = 'es' | 'pt' | 'en';

/** Headers the upload recognises (see contact-sheet.ts), in the user's language. */
const HEADERS: Record<SampleLanguage, [string, string, string]> = {
  es: ['Nombre', 'Número', 'Email'],
  pt: ['Nome', 'Número', 'Email'],
  en: ['Name', 'Number', 'Email'],
};

/**
 * The sample spreadsheet of the contact lists tab (automation-productivity §2): the header row and two
 * example contacts. The number column is text, so a spreadsheet program keeps long numbers whole.
 */
export async function sampleSheet(lang: SampleLanguage): Promise<Buffer> {
  // Loaded on first use: exceljs is large and only this download needs it in this process.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(lang === 'en' ? 'Contacts' : 'Contactos');
  sheet.columns = HEADERS[lang].map((header, i) => ({ header, width: i === 1 ? 20 : 30, style: i === 1 ? { numFmt: '@' } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(['Ana Pérez', '51987654321', 'ana@example.com']);
  sheet.addRow(['João Silva', '5511987654321', '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
