import { describe, expect, it } from 'vitest';
import { buildRow } from './row.js';

const source = { contact: { name: 'Ana', number: '5491100000001' }, ticketId: 9, message: 'pedido', now: new Date('2026-01-02T03:04:05Z') };

describe('buildRow', () => {
  it('fills known columns in any language and case, variables by name, and leaves unknown names empty', () => {
    const row = buildRow(['Nombre', 'CELULAR', 'Distrito', 'Fecha', 'producto', 'Mensaje'], { ...source, variables: { producto: 'Zapatos' } });
    expect(row).toEqual(['Ana', '5491100000001', '', '2026-01-02 03:04:05', 'Zapatos', 'pedido']);
  });
  it('renders {{tokens}}, keeps the column of a blank field and drops trailing blanks; at most 12 columns', () => {
    expect(buildRow(['', '{{name}} #{{ticketId}}', null, ''], { ...source, render: (t) => t.replace('{{name}}', 'Ana').replace('{{ticketId}}', '9') })).toEqual(['', 'Ana #9']);
    expect(buildRow(Array.from({ length: 14 }, () => 'name'), source)).toHaveLength(12);
  });
});
