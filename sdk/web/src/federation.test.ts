import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ANTD_COMPONENTS, HOST_SHARED_KEYS, ROUTER_EXPORTS, SHARED_SINGLETONS, antdEntry, antdPlugins, hostSharedModule } from './federation.js';

const antdDir = path.dirname(createRequire(import.meta.url).resolve('antd/package.json'));
const warnings: string[] = [];
const context = { warn: (m: string) => warnings.push(m) };

function split(role: 'host' | 'remote', code: string, id = '/work/app/src/Page.tsx') {
  const plugin = antdPlugins(role).find((p) => p.transform)!;
  return plugin.transform!.call(context, code, id)?.code ?? code;
}

describe('antd shared one component at a time (issue 13 item 5)', () => {
  it('ANTD_COMPONENTS is every value export of the installed antd, each with its entry file', () => {
    const index = readFileSync(path.join(antdDir, 'es/index.js'), 'utf8');
    const exported = Object.fromEntries([...index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g)].map(([, name, dir]) => [name, dir]));
    expect(ANTD_COMPONENTS).toEqual(exported);
    for (const folder of Object.values(ANTD_COMPONENTS)) expect(existsSync(path.join(antdDir, antdEntry(folder).slice('antd/'.length)))).toBe(true);
  });

  it('named imports become one import per component and per icon, types left out, every line kept where it was', () => {
    const code = "import { App, Button as B, type FormInstance,\n  theme } from 'antd';\nimport { UserOutlined } from \"@ant-design/icons\";\nconst x = 1;";
    const out = split('host', code);
    expect(out).toBe(
      "import App from 'antd/es/app/index.js'; import B from 'antd/es/button/index.js'; import theme from 'antd/es/theme/index.js';\n\n" +
        "import UserOutlined from '@ant-design/icons/UserOutlined';\nconst x = 1;",
    );
  });

  it('a name antd has no entry for stays on antd (with a warning) in the shell, and fails a remote build', () => {
    warnings.length = 0;
    expect(split('host', "import { Button, unstableSetRender } from 'antd';")).toBe("import Button from 'antd/es/button/index.js'; import { unstableSetRender } from 'antd';");
    expect(warnings).toHaveLength(1);
    expect(() => split('remote', "import { unstableSetRender } from 'antd';")).toThrow(/bundle a copy of antd/);
    expect(() => split('remote', "import * as antd from 'antd';")).toThrow(/bundle a copy of antd/);
    expect(() => split('remote', "import Form from 'antd/es/form/Form';")).toThrow(/bundle a copy of antd/);
    expect(split('remote', "import { Button } from 'antd';")).toBe("import Button from 'antd/es/button/index.js';");
  });
});

describe("the shell's 'react-router-dom' (declarative API only)", () => {
  it('ROUTER_EXPORTS are what shell/src/shared/react-router-dom.ts re-exports, each a name react-router has', async () => {
    const facade = readFileSync(path.join(import.meta.dirname, '../../../shell/src/shared/react-router-dom.ts'), 'utf8');
    const names = /export \{([^}]*)\} from 'react-router'/.exec(facade)![1].split(',').map((n) => n.trim()).filter(Boolean);
    expect(names).toEqual([...ROUTER_EXPORTS]);
    const rr = (await import('react-router')) as Record<string, unknown>;
    for (const name of ROUTER_EXPORTS) expect(rr[name], name).toBeDefined();
  });

  it('a remote may import those names only, by name, and never react-router itself', () => {
    expect(split('remote', "import { Link, useNavigate as nav } from 'react-router-dom';")).toContain('react-router-dom');
    expect(() => split('remote', "import { createBrowserRouter } from 'react-router-dom';")).toThrow(/ROUTER_EXPORTS/);
    expect(() => split('remote', "import * as R from 'react-router-dom';")).toThrow(/not the module whole/);
    expect(() => split('remote', "import { Link } from 'react-router';")).toThrow(/second router/);
    expect(split('host', "import { createBrowserRouter } from 'react-router-dom';")).toContain('createBrowserRouter');
  });
});

describe("the shell's share scope (defined with the first remote, not at start-up)", () => {
  it('offers every singleton and every antd component by its entry, never antd whole', () => {
    expect(HOST_SHARED_KEYS).toEqual([...SHARED_SINGLETONS, ...Object.values(ANTD_COMPONENTS).map(antdEntry)]);
    expect(HOST_SHARED_KEYS).toContain('antd/es/button/index.js');
    expect(HOST_SHARED_KEYS).not.toContain('antd');
  });

  it('each key loads the module the shell runs (the router from the facade)', () => {
    const code = hostSharedModule({ 'react-router-dom': '/shell/src/shared/react-router-dom.ts' });
    for (const key of HOST_SHARED_KEYS) {
      const source = key === 'react-router-dom' ? '/shell/src/shared/react-router-dom.ts' : key;
      expect(code).toContain(`${JSON.stringify(key)}: () => import(${JSON.stringify(source)}),`);
    }
    expect(code.match(/import\(/g)).toHaveLength(HOST_SHARED_KEYS.length);
  });
});
