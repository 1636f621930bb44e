import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const DOM_PRAGMA = /^\/\/ @vitest-environment happy-dom\b/;

/** `**` and `*` of a Vitest include pattern, with `{a,b}` alternatives, as a RegExp on relative paths. */
function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += '(?:.*/)?';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '{') re += '(?:';
    else if (c === '}') re += ')';
    else if (c === ',') re += '|';
    else re += c.replace(/[.+^$()|[\]\\?]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/**
 * The files among `include` (relative to `root`) whose first line is `// @vitest-environment happy-dom`:
 * the config gives them their own Vitest project, so a new component test lands there by its pragma alone.
 */
export function domTestFiles(root: string, include: string[]): string[] {
  const patterns = include.map(globToRegExp);
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (/\.test\.tsx?$/.test(entry.name) && patterns.some((p) => p.test(rel))) {
        if (DOM_PRAGMA.test(readFileSync(path.join(root, rel), 'utf8'))) found.push(rel);
      }
    }
  };
  // Only the top folders the patterns start from.
  for (const top of new Set(include.map((g) => g.split('/')[0]))) walk(top);
  return found.sort();
}
