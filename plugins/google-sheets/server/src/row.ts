/** What a row's cells are filled from: the contact, the message that matched (keywords), the flow's variables. */
export interface RowSource {
  contact: { name: string; number: string };
  ticketId: number;
  message?: string;
  variables?: Readonly<Record<string, string>>;
  /** `{{…}}` tokens replaced (the flow builder's render); without it such text is left as written. */
  render?: (text: string) => string;
  now?: Date;
}

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/** Column names (es, pt, en; the editor's placeholders) that name a known value. */
const KNOWN: Record<string, (s: RowSource) => string> = {};
const known = (names: string[], value: (s: RowSource) => string) => names.forEach((n) => (KNOWN[n] = value));
known(['name', 'nombre', 'nome', 'contacto', 'contato', 'contact'], (s) => s.contact.name);
known(['mobile', 'celular', 'number', 'numero', 'phone', 'telefono', 'telefone', 'whatsapp'], (s) => s.contact.number);
known(['date', 'fecha', 'data'], (s) => (s.now ?? new Date()).toISOString().slice(0, 19).replace('T', ' '));
known(['message', 'mensaje', 'mensagem', 'keyword', 'palabra clave'], (s) => s.message ?? '');
known(['ticket', 'ticketid'], (s) => String(s.ticketId));

/**
 * The row of columns A–L. Each field names what goes in its column: a flow variable of that name, a known
 * column (Nombre/Name → the contact's name, Celular/Mobile → the number, Fecha/Date → now, Mensaje → the
 * message), or a text with `{{tokens}}`; any other name leaves its cell empty. Trailing empty cells are dropped.
 */
export function buildRow(fields: readonly (string | number | null | undefined)[], source: RowSource): string[] {
  const row = fields.slice(0, 12).map((f) => {
    const field = f === null || f === undefined ? '' : String(f);
    if (!field.trim()) return '';
    const variable = source.variables?.[field.trim()];
    if (variable !== undefined) return variable;
    const k = KNOWN[norm(field)];
    if (k) return k(source);
    if (field.includes('{{')) return source.render ? source.render(field) : field;
    return '';
  });
  while (row.length && row[row.length - 1] === '') row.pop();
  return row;
}
