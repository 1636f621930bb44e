import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The shell's own imports of antd and @ant-design/icons, one module per name: `import { Button } from
 * 'antd'` → `import Button from 'antd/es/button/index.js'`, `import { UserOutlined } from
 * '@ant-design/icons'` → `@ant-design/icons/UserOutlined`. Through the package index, the start-up
 * chunk (vite.config.ts: every module bootstrap.tsx reaches) would take in every component and icon.
 * The component of each name is read from the installed antd's own index, not kept by hand.
 */
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])(antd|@ant-design\/icons)\2\s*;?/g;
const ICON = /^[A-Z]\w*(Outlined|Filled|TwoTone)$/;

function antdComponents(root: string): Map<string, string> {
  const index = path.join(path.dirname(createRequire(path.join(root, 'package.json')).resolve('antd/package.json')), 'es/index.js');
  const found = [...readFileSync(index, 'utf8').matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g)];
  if (found.length < 40) throw new Error(`${index}: its exports are no longer 'export { default as X } from './x'' lines; see shell/vite/antd-imports.ts`);
  return new Map(found.map(([, name, folder]) => [name, `antd/es/${folder}/index.js`]));
}

export function antdImports(): Plugin {
  let components: Map<string, string> | undefined;
  let root = process.cwd();
  return {
    name: 'atende:antd-imports',
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || (!code.includes('antd') && !code.includes('@ant-design/icons'))) return null;
      components ??= antdComponents(root);
      let changed = false;
      const out = code.replace(NAMED_IMPORT, (statement, list: string, _quote: string, pkg: string) => {
        const direct: string[] = [];
        const rest: string[] = [];
        for (const spec of list.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').split(',')) {
          const trimmed = spec.trim();
          if (!trimmed || trimmed.startsWith('type ')) continue;
          const [imported, local = imported] = trimmed.split(/\s+as\s+/);
          const own = pkg === 'antd' ? components!.get(imported) : ICON.test(imported) ? `@ant-design/icons/${imported}` : undefined;
          if (own) direct.push(`import ${local} from '${own}';`);
          else rest.push(trimmed);
        }
        changed = true;
        // Keep the line breaks, so positions in the rest of the file do not move.
        const lines = '\n'.repeat(statement.split('\n').length - 1);
        return [...direct, ...(rest.length ? [`import { ${rest.join(', ')} } from '${pkg}';`] : [])].join(' ') + lines;
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
