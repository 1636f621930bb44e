// npm run new-plugin -- <id> [--dir <folder>] [--no-register] [--link]
// Scaffolds plugins/<id>/{contract,server,web}: a tenant-scoped API with a migration, a federated page
// with es/pt/en texts, and a drawer entry. Then `npm start` shows it at /<id>.
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
// The id rules and the template copying are create-atende-plugin's (the published scaffold); this
// generator only lays the plugin out as three workspace packages and registers it.
import { checkId, copyTree, names } from 'create-atende-plugin';
import { ROOT, run } from '../lib/workspace.mjs';

export { names };

const TEMPLATES = path.join(ROOT, 'tooling', 'generators', 'templates');

export async function generate(id, { dir = path.join(ROOT, 'plugins'), register = true, link = false, install = !link } = {}) {
  checkId(id);
  const target = path.resolve(dir, id);
  if (existsSync(target)) throw new Error(`${path.relative(ROOT, target) || target} already exists.`);
  const vars = names(id);
  for (const role of ['contract', 'server', 'web']) {
    const roleDir = path.join(target, role);
    copyTree(path.join(TEMPLATES, role), roleDir, { ...vars, __ROOT__: path.relative(roleDir, ROOT) || '.' });
  }
  if (register) {
    const file = path.join(ROOT, 'plugins', 'installed.json');
    const list = JSON.parse(readFileSync(file, 'utf8'));
    list.push(`@atende/plugin-${id}-server`);
    writeFileSync(file, `${JSON.stringify(list, null, 2)}\n`);
  }
  if (link) {
    // What npm workspaces would do: make the three packages resolvable by name.
    const scope = path.join(ROOT, 'node_modules', '@atende');
    for (const role of ['contract', 'server', 'web']) symlinkSync(path.join(target, role), path.join(scope, `plugin-${id}-${role}`), 'dir');
  }
  if (install) await run('npm', ['install', '--no-audit', '--no-fund']);
  return target;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const id = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--dir');
  const dirIndex = args.indexOf('--dir');
  if (!id) {
    console.error('Usage: npm run new-plugin -- <id> [--dir <folder>] [--no-register] [--link]');
    process.exit(2);
  }
  try {
    const target = await generate(id, {
      dir: dirIndex >= 0 ? path.resolve(args[dirIndex + 1]) : undefined,
      register: !args.includes('--no-register'),
      link: args.includes('--link'),
    });
    console.log(`\n✔ Plugin "${id}" created in ${path.relative(ROOT, target)}`);
    console.log('  Next: npm start   (builds it, applies its migration, and shows it in the drawer at /' + id + ')');
  } catch (err) {
    console.error(`✖ ${err.message}`);
    process.exit(1);
  }
}
