import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Issue 29 item 4: a plugin reaches the kernel's data through the SDK's ports only, so no SQL text in
 * a plugin names a kernel table. The kernel's tables are read from its migrations (a new kernel table
 * is covered without editing this test); the SQL is every string and template literal of a plugin's
 * server code (comments and identifiers are not SQL).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const MIGRATIONS = path.join(ROOT, 'core/server/src/database/migrations');

/**
 * A plugin's own migration may point a foreign key at a kernel table (`references companies(id) on
 * delete cascade`: a deleted company takes its rows with it). Besides that, one exception: billing's
 * first migration, already applied everywhere, copied `companies.coins` into its ledger once (README
 * "Coins"); a migration that has run cannot be rewritten.
 */
const APPLIED_MIGRATION_READS: Record<string, string[]> = {
  'plugins/billing/server/src/migrations/init.ts': ['companies'],
};

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|mts|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Table names the kernel's migrations create. */
export function kernelTables(): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(MIGRATIONS).filter((f) => /^core_\d+.*\.ts$/.test(f))) {
    const text = readFileSync(path.join(MIGRATIONS, file), 'utf8');
    for (const m of text.matchAll(/create\s+table\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)"?/gi)) names.add(m[1]!.toLowerCase());
  }
  return [...names].sort();
}

/** The text of every string and template literal of a source file (template holes become a blank). */
function literals(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
    else if (ts.isTemplateExpression(node)) out.push([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ? '));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The kernel tables a piece of SQL names where SQL names a table (from, join, into, update, table, references). */
export function tablesNamed(sql: string, tables: string[], allowReferences: boolean): string[] {
  const hits = new Set<string>();
  const keywords = allowReferences ? 'from|join|into|update|table|truncate' : 'from|join|into|update|table|truncate|references';
  for (const t of tables) {
    const re = new RegExp(`\\b(?:${keywords})\\s+(?:only\\s+)?(?:"?public"?\\.)?"?${t}"?(?![a-z0-9_])`, 'i');
    if (re.test(sql)) hits.add(t);
  }
  return [...hits];
}

function pluginSources(): string[] {
  const roots: string[] = [];
  for (const base of ['plugins', 'tooling/examples']) {
    const dir = path.join(ROOT, base);
    for (const plugin of readdirSync(dir)) {
      const server = path.join(dir, plugin, 'server/src');
      const flat = path.join(dir, plugin, 'src');
      for (const src of [server, flat]) {
        try {
          if (statSync(src).isDirectory()) roots.push(src);
        } catch {
          // not this layout
        }
      }
    }
  }
  return roots.flatMap((r) => walk(r));
}

describe('plugin SQL never names a kernel table', () => {
  const tables = kernelTables();

  it('reads the kernel tables from its migrations', () => {
    expect(tables).toEqual(expect.arrayContaining(['companies', 'plans', 'users', 'tags', 'contacts', 'tickets', 'messages', 'settings']));
  });

  it('catches a plugin query on a kernel table (and leaves other words alone)', () => {
    expect(tablesNamed('select c.name from companies c join plans p on p.id = c.plan_id', tables, false)).toEqual(expect.arrayContaining(['companies', 'plans']));
    expect(tablesNamed('insert into "tags" (name) values (?)', tables, false)).toEqual(['tags']);
    expect(tablesNamed('UPDATE users SET name = ?', tables, false)).toEqual(['users']);
    expect(tablesNamed('left join public.contacts c on c.id = s.contact_id', tables, false)).toEqual(['contacts']);
    expect(tablesNamed('company_id int references companies(id)', tables, false)).toEqual(['companies']);
    expect(tablesNamed('company_id int references companies(id)', tables, true)).toEqual([]);
    expect(tablesNamed('select * from chat_users where user_id = ?', tables, false)).toEqual([]);
    expect(tablesNamed('select * from billing_invoices i where i.company_id = ?', tables, false)).toEqual([]);
  });

  it('no plugin source has such SQL', () => {
    const files = pluginSources();
    expect(files.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const file of files) {
      const rel = path.relative(ROOT, file).split(path.sep).join('/');
      const inMigration = rel.includes('/migrations/');
      const allowed = APPLIED_MIGRATION_READS[rel] ?? [];
      for (const sql of literals(file, readFileSync(file, 'utf8'))) {
        for (const t of tablesNamed(sql, tables, inMigration)) {
          if (!allowed.includes(t)) found.push(`${rel}: ${t} in "${sql.replace(/\s+/g, ' ').slice(0, 100)}"`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
