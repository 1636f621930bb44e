import { describe, expect, it } from 'vitest';
import { csvField, recipientsCsv } from './recipients.js';

describe('the per-recipient report as CSV (issue 38 item 8)', () => {
  it('quotes what needs it and neutralises formulas', () => {
    expect(csvField('Ana')).toBe('Ana');
    expect(csvField('Pérez, Ana')).toBe('"Pérez, Ana"');
    expect(csvField('dice "hola"')).toBe('"dice ""hola"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+51999')).toBe("'+51999");
    expect(csvField(null)).toBe('');
    expect(csvField(3)).toBe('3');
    // Excel in es/pt splits on ';' and reads quotes inside a field as text: the inner formula is neutralised too.
    expect(csvField('x;=WEBSERVICE("http://evil")')).toBe(`"x;'=WEBSERVICE(""http://evil"")"`);
    expect(csvField('a, @SUM(1)')).toBe(`"a, '@SUM(1)"`);
    expect(csvField('＝1+1')).toBe("'＝1+1");
    expect(csvField(' =1')).toBe("' =1");
    expect(csvField('Ana-María')).toBe('Ana-María');
  });
  it('writes a header and a row per recipient, with a BOM', () => {
    const csv = recipientsCsv(['Número', 'Nombre', 'Variante', 'Estado', 'Error', 'Enviado', 'Entregado'], [
      { id: 1, number: '51911', name: 'Ana', variant: 2, status: 'failed', error: 'ERR_NO_CONNECTION', sentAt: null, deliveredAt: null },
    ]);
    expect(csv).toBe('\uFEFFNúmero,Nombre,Variante,Estado,Error,Enviado,Entregado\r\n51911,Ana,2,failed,ERR_NO_CONNECTION,,\r\n');
  });
});
