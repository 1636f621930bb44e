// The scaffolding both generators share: create-atende-plugin (a standalone plugin project, anywhere)
// and the repository's `npm run new-plugin` (three workspace packages under plugins/).
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The standalone project's template (templates/plugin); file names and contents use the placeholders of `names`. */
export const TEMPLATE_DIR = path.join(HERE, '..', 'templates', 'plugin');
/** Exact versions of the third-party packages a scaffolded project pins (the ones the kernel runs), ranges for Atende's. */
export const VERSIONS = JSON.parse(readFileSync(path.join(HERE, 'versions.json'), 'utf8'));

export const ID_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** Ids that would collide with kernel API paths, shell routes or first-party plugins. */
export const RESERVED = new Set(['api', 'auth', 'health', 'plugins', 'public', 'socket-io', 'login', 'signup', 'forgetpsw', 'settings', 'core', 'sdk', 'shell', 'helps', 'todo', 'todolist', 'announcements', 'kanban']);

/** Throws a readable error for an id a plugin may not have. */
export function checkId(id) {
  if (!ID_PATTERN.test(id)) throw new Error(`"${id}" is not a valid plugin id: use kebab-case (a-z, 0-9, dashes), starting with a letter.`);
  if (RESERVED.has(id)) throw new Error(`"${id}" is reserved by the kernel or an existing plugin.`);
}

/** The placeholders a template uses, from the plugin id (`my-plugin` → my_plugin, MyPlugin, MY_PLUGIN, My Plugin). */
export function names(id) {
  const words = id.split('-');
  return {
    __ID__: id,
    __SNAKE__: words.join('_'),
    __PASCAL__: words.map((w) => w[0].toUpperCase() + w.slice(1)).join(''),
    __CONST__: words.join('_').toUpperCase(),
    __TITLE__: words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' '),
  };
}

/** `text` with every placeholder replaced. */
export function fill(text, vars) {
  return Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(k, v), text);
}

/** Copies a template folder, filling placeholders in names and contents and dropping the `.tmpl` suffix. */
export function copyTree(from, to, vars) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    const src = path.join(from, entry);
    const dest = path.join(to, fill(entry.replace(/\.tmpl$/, ''), vars));
    if (statSync(src).isDirectory()) copyTree(src, dest, vars);
    else writeFileSync(dest, fill(readFileSync(src, 'utf8'), vars));
  }
}

/**
 * Writes a standalone plugin project for `id` into `<dir>/<id>` (or `target`): one npm package with
 * its contract (src/contract), server module (src/server), web remote (web/) and a test with the kit
 * (test/). `packageName` defaults to `atende-plugin-<id>`. Answers the folder written.
 */
export function scaffold(id, { dir = process.cwd(), target, packageName } = {}) {
  checkId(id);
  const out = path.resolve(target ?? path.join(dir, id));
  if (existsSync(out) && readdirSync(out).length) throw new Error(`${out} already exists and is not empty.`);
  const vars = { ...names(id), __PACKAGE__: packageName ?? `atende-plugin-${id}` };
  for (const [name, version] of Object.entries(VERSIONS)) vars[`__V:${name}__`] = version;
  copyTree(TEMPLATE_DIR, out, vars);
  // npm pack leaves dot-files named .gitignore out of a package: the template calls it gitignore.
  renameSync(path.join(out, 'gitignore'), path.join(out, '.gitignore'));
  return out;
}
