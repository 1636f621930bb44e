import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { CORE_ES } from './locales.js';
import { texts as CORE_PT } from './locales.pt.js';
import { texts as CORE_EN } from './locales.en.js';

/**
 * Every language's texts are complete and in that language (issue 38 item 4): the shell's and each plugin's
 * es/pt/en have the same keys, no text is empty, the keys the code asks for exist, counts go through
 * i18next plurals, and a small dictionary of words only one language uses catches a text left in another
 * ("Nome", "Ativo" in the Spanish interface).
 */
type Tree = { [k: string]: unknown };
type Bundle = { name: string; es: Tree; pt: Tree; en: Tree; src: string[] };

const root = path.resolve(import.meta.dirname, '../../..');
const pluginLocales = import.meta.glob<{ locales: { es: Tree; pt: Tree; en: Tree } }>('../../../plugins/*/web/src/locales.ts', { eager: true });
const bundles: Bundle[] = [
  { name: 'core', es: CORE_ES as Tree, pt: CORE_PT as Tree, en: CORE_EN as Tree, src: [path.join(root, 'shell/src'), path.join(root, 'sdk/web/src')] },
  ...Object.entries(pluginLocales).map(([file, m]) => {
    const id = file.split('/')[4]!;
    return { name: id, ...m.locales, src: [path.join(root, 'plugins', id, 'web/src')] };
  }),
];

/** `a.b.c` → text; arrays count as texts (select placeholders). */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else if (Array.isArray(v)) v.forEach((x, i) => out.set(`${key}.${i}`, String(x)));
    else if (v && typeof v === 'object') for (const [kk, vv] of flatten(v as Tree, key)) out.set(kk, vv);
  }
  return out;
}
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');

/**
 * Words one language uses and the other does not (lower case, whole words). Texts the spec quotes word for
 * word in Portuguese inside the Spanish interface (automation-productivity §5: 'Muito curto!', 'Digite um
 * nome!', 'Campos de mensagem vazio!', 'Intervalo não pode…', 'Arquivo é muito grande!') are listed apart.
 */
const PT_ONLY = ['nome', 'ativo', 'ativa', 'desativado', 'desativada', 'você', 'não', 'um', 'uma', 'com', 'muito', 'obrigatório', 'adicionar', 'usuário', 'usuários', 'carregando', 'arquivo', 'salvar', 'conexão', 'conexões', 'fluxo', 'então', 'também', 'até', 'nenhum', 'nenhuma', 'excluído'];
const ES_ONLY = ['nombre', 'contraseña', 'usuario', 'usuarios', 'conexión', 'conexiones', 'flujo', 'cargando', 'ningún', 'ninguna', 'agregar', 'también', 'hasta', 'todavía'];
const EN_ONLY = ['the', 'and', 'with', 'save', 'delete', 'loading', 'please'];
const SPEC_QUOTES_ES = [/^Digite um nome!$/, /^Muito curto!$/, /^Muito longo!$/, /^Campos de mensagem vazio!$/, /^Intervalo não pode ser 0 ou maior que 120!$/, /^Arquivo é muito grande! \d+MB máximo$/];

/** Words ending in s that are not plurals. */
const NOT_PLURAL = ['más', 'mais', 'is', 'was', 'has', 'does'];
/**
 * Counted texts written before this test, in other areas than the flow builder's (left to their owners
 * so parallel work on those screens does not collide): each should become `{{count}}` with `_one`/`_other`.
 * New ones are refused.
 */
const PLURAL_DEBT: Record<string, string[]> = {
  core: ['common.total', 'subscription.dueIn', 'messages.tooManyFiles', 'tags.ticketsCount', 'plans.usersN', 'plans.connectionsN', 'plans.queuesN', 'companies.expireConfirm'],
  billing: ['checkout.users', 'checkout.connections', 'checkout.queues', 'sub.expiresIn', 'change.cost', 'change.balance'],
  'internal-chat': ['participants'],
};

const words = (text: string) => text.toLowerCase().replace(/\{\{[^}]*\}\}/g, ' ').split(/[^\p{L}]+/u).filter(Boolean);
function foreign(text: string, dictionary: string[]): string[] {
  const set = new Set(words(text));
  return dictionary.filter((w) => set.has(w));
}

/** The literal keys the code asks `t()` for (template keys are skipped: their variants are checked by key sets). */
function keysInUse(dirs: string[]): Set<string> {
  const keys = new Set<string>();
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !/locales/.test(f)) {
        for (const m of readFileSync(p, 'utf8').matchAll(/(?<![\w.])t\(\s*'([A-Za-z0-9_.:-]+)'/g)) keys.add(m[1]!);
      }
    }
  };
  dirs.forEach(walk);
  return keys;
}

describe('every language complete and in its language (issue 38 item 4)', () => {
  const core = { es: flatten(CORE_ES as Tree), pt: flatten(CORE_PT as Tree), en: flatten(CORE_EN as Tree) };

  for (const b of bundles) {
    describe(b.name, () => {
      const es = flatten(b.es);
      const pt = flatten(b.pt);
      const en = flatten(b.en);

      it('es, pt and en have the same keys (plural forms aside), none empty', () => {
        const keys = (m: Map<string, string>) => [...new Set([...m.keys()].map(base))].sort();
        expect(keys(pt)).toEqual(keys(es));
        expect(keys(en)).toEqual(keys(es));
        for (const [lang, m] of Object.entries({ es, pt, en })) expect([...m].filter(([, v]) => !v.trim()).map(([k]) => `${lang}:${k}`)).toEqual([]);
      });

      it('no text is in another language', () => {
        const wrong: string[] = [];
        for (const [k, v] of es) if (!SPEC_QUOTES_ES.some((r) => r.test(v))) for (const w of [...foreign(v, PT_ONLY), ...foreign(v, EN_ONLY)]) wrong.push(`es:${k} "${v}" (${w})`);
        for (const [k, v] of pt) for (const w of [...foreign(v, ES_ONLY), ...foreign(v, EN_ONLY)]) wrong.push(`pt:${k} "${v}" (${w})`);
        for (const [k, v] of en) for (const w of [...foreign(v, ES_ONLY), ...foreign(v, PT_ONLY)]) wrong.push(`en:${k} "${v}" (${w})`);
        expect(wrong).toEqual([]);
      });

      it('a number before a plural word goes through i18next plurals ({{count}} with _one/_other)', () => {
        const wrong: string[] = [];
        for (const [lang, m] of Object.entries({ es, pt, en })) {
          for (const [k, v] of m) {
            // "{{n}} conexiones": reads "1 conexiones" when n is 1.
            const counted = /\{\{(n|count)\}\}\s+(\p{L}+s)(?![\p{L}])/u.exec(v);
            if (counted && !PLURAL.test(k) && !NOT_PLURAL.includes(counted[2]!.toLowerCase()) && !m.has(`${k}_one`) && !PLURAL_DEBT[b.name]?.includes(k)) wrong.push(`${lang}:${k} "${v}"`);
            if (k.endsWith('_one') && !m.has(k.replace(/_one$/, '_other')) && !m.has(base(k))) wrong.push(`${lang}:${k} without _other`);
          }
        }
        expect(wrong).toEqual([]);
      });

      it('every key the code asks for exists in es, pt and en', () => {
        const missing: string[] = [];
        const used = keysInUse(b.src);
        // The scan finds the screens' keys (an empty scan would prove nothing).
        expect(used.size).toBeGreaterThan(3);
        for (const key of used) {
          const [ns, k] = key.includes(':') ? (key.split(':') as [string, string]) : [null, key];
          const homes = ns === 'core' ? [core] : ns ? bundles.filter((x) => x.name === ns).map((x) => ({ es: flatten(x.es), pt: flatten(x.pt), en: flatten(x.en) })) : b.name === 'core' ? [core] : [{ es, pt, en }, core];
          for (const lang of ['es', 'pt', 'en'] as const) {
            const found = homes.some((h) => h[lang].has(k) || h[lang].has(`${k}_one`) || h[lang].has(`${k}_other`) || [...h[lang].keys()].some((x) => x.startsWith(`${k}.`)));
            if (!found) missing.push(`${lang}:${key}`);
          }
        }
        expect(missing).toEqual([]);
      });
    });
  }
});
