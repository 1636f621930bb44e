import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Hot read statements as NAMED prepared statements (issue 13 item 2). MikroORM's `execute` inlines
 * every parameter into the SQL text, so PostgreSQL parses and plans each list page afresh (~1-2 ms of
 * a ~2.5 ms statement). A named statement is parsed once per pooled connection, and after five runs
 * PostgreSQL keeps a generic plan when it costs no more than the custom ones: the planning disappears.
 *
 * Only for statements whose plan does not depend on the values (a list page, a conversation page):
 * a search, whose best plan depends on the term, stays on `em.getConnection().execute`. A LIMIT should
 * be a literal: with `limit $n` the generic plan assumes a large fraction of the table is read.
 * Never select `*` here: a column added by a migration another process ran would change the
 * prepared statement's result type, which PostgreSQL refuses.
 *
 * SQL is written with `?` placeholders as for MikroORM: an array parameter expands to one placeholder per
 * element, except in the `array[?]` idiom, which becomes ONE array parameter, so the text (and the
 * prepared statement) is the same whatever the length of the list. `?` must not appear otherwise
 * (no `?` jsonb operators, no `?` inside string literals).
 */

/** Distinct statement texts per process: each one is prepared on every pooled connection that runs it. */
const MAX_NAMED = 300;
const names = new Map<string, string>();

/** `?` placeholders to PostgreSQL's `$n` (see above for arrays). */
export function numbered(sql: string, params: readonly unknown[]): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  let i = 0;
  const text = sql.replace(/array\[\?\]|\?/g, (token) => {
    if (i >= params.length) throw new Error('More ? placeholders than parameters.');
    const value = params[i++];
    if (token !== '?') {
      if (!Array.isArray(value)) throw new Error('array[?] needs an array parameter.');
      values.push(value);
      return `$${values.length}`;
    }
    if (!Array.isArray(value)) {
      values.push(value);
      return `$${values.length}`;
    }
    return value.map((v) => (values.push(v), `$${values.length}`)).join(', ');
  });
  if (i !== params.length) throw new Error('More parameters than ? placeholders.');
  return { text, values };
}

/** The statement's name: the same text always gets the same name (pg prepares it once per connection). */
function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= MAX_NAMED) return known; // past the cap, new texts run unnamed
  const name = `atende_${names.size + 1}`;
  names.set(text, name);
  return name;
}

/**
 * Runs a read statement as a named prepared statement on `em`'s pool and returns its rows (parsed by the
 * same type parsers as MikroORM's). Inside a transaction it runs on the transaction's connection through
 * MikroORM instead (unnamed), so it sees the transaction's own writes.
 */
export function preparedRows<T = Record<string, unknown>>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<T[]> {
  return poolRows<T>(em, sql, params, true);
}

/**
 * The same for a statement whose best plan depends on its values (a search): sent unnamed with its
 * parameters, so PostgreSQL plans it for these values every time, as with MikroORM's `execute`, without
 * MikroORM formatting the values into the text (issue 37 item 4: a search's text is long).
 */
export function plannedRows<T = Record<string, unknown>>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<T[]> {
  return poolRows<T>(em, sql, params, false);
}

async function poolRows<T>(em: EntityManager, sql: string, params: readonly unknown[], named: boolean): Promise<T[]> {
  const connection = em.getConnection();
  if (em.isInTransaction()) return connection.execute<T[]>(sql, [...params], 'all', em.getTransactionContext());
  const { text, values } = numbered(sql, params);
  const pool = await connection.getNativeClient();
  const name = named ? nameOf(text) : undefined;
  const result = await pool.query(name ? { name, text, values } : { text, values });
  return result.rows as T[];
}

/** How many distinct statements were named (tests). */
export const namedStatementCount = () => names.size;
