/**
 * The shared singletons of module federation, defined once and used by the shell (host) and every
 * plugin remote, so the page holds exactly one React, one antd, one router, one i18next and one SDK
 * (antd as one singleton per component: ANTD_COMPONENTS).
 * Imported by vite.config files (Node) and by the shell (remoteName), so this file must not import
 * browser code nor Node modules.
 * @ant-design/icons is deliberately not shared: icons are stateless, and sharing would ship all ~800 of
 * them (220 kB gzip) instead of the few each bundle uses.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'effector',
  'effector-react',
  'i18next',
  'react-i18next',
  '@atende/sdk-web',
] as const;

/**
 * Every value export of antd's root entry and the folder under antd/es holding it (antd 6.6.8's
 * es/index.js; a unit test keeps this in step with the installed antd). A shared module is loaded whole,
 * so sharing 'antd' alone would download every component on the first page: each component is shared
 * on its own instead, and loads when something first imports it.
 */
export const ANTD_COMPONENTS = {
  Affix: 'affix', Alert: 'alert', Anchor: 'anchor', App: 'app', AutoComplete: 'auto-complete', Avatar: 'avatar',
  BackTop: 'back-top', Badge: 'badge', BorderBeam: 'border-beam', Breadcrumb: 'breadcrumb', Button: 'button',
  Calendar: 'calendar', Card: 'card', Carousel: 'carousel', Cascader: 'cascader', Checkbox: 'checkbox', Col: 'col',
  Collapse: 'collapse', ColorPicker: 'color-picker', ConfigProvider: 'config-provider', DatePicker: 'date-picker',
  Descriptions: 'descriptions', Divider: 'divider', Drawer: 'drawer', Dropdown: 'dropdown', Empty: 'empty', Flex: 'flex',
  FloatButton: 'float-button', Form: 'form', Grid: 'grid', Image: 'image', Input: 'input', InputNumber: 'input-number',
  Layout: 'layout', List: 'list', Listy: 'listy', Masonry: 'masonry', Mentions: 'mentions', Menu: 'menu',
  message: 'message', Modal: 'modal', notification: 'notification', Pagination: 'pagination', Popconfirm: 'popconfirm',
  Popover: 'popover', Progress: 'progress', QRCode: 'qr-code', Radio: 'radio', Rate: 'rate', Result: 'result', Row: 'row',
  Segmented: 'segmented', Select: 'select', Skeleton: 'skeleton', Slider: 'slider', Space: 'space', Spin: 'spin',
  Splitter: 'splitter', Statistic: 'statistic', Steps: 'steps', Switch: 'switch', Table: 'table', Tabs: 'tabs', Tag: 'tag',
  theme: 'theme', TimePicker: 'time-picker', Timeline: 'timeline', Tooltip: 'tooltip', Tour: 'tour', Transfer: 'transfer',
  Tree: 'tree', TreeSelect: 'tree-select', Typography: 'typography', Upload: 'upload', version: 'version', Watermark: 'watermark',
} as const satisfies Record<string, string>;

/**
 * The names the shell's 'react-router-dom' offers (shell/src/shared/react-router-dom.ts): the
 * declarative API. Sharing the package whole would load its data routers, framework mode and server
 * helpers (~48 kB gzip more) on every first load; a remote importing another name fails its build.
 */
export const ROUTER_EXPORTS = [
  'BrowserRouter', 'HashRouter', 'Link', 'MemoryRouter', 'NavLink', 'Navigate', 'NavigationType', 'Outlet', 'Route',
  'Router', 'Routes', 'UNSAFE_LocationContext', 'UNSAFE_NavigationContext', 'UNSAFE_RouteContext', 'createPath',
  'createRoutesFromChildren', 'createRoutesFromElements', 'createSearchParams', 'generatePath', 'matchPath',
  'matchRoutes', 'parsePath', 'renderMatches', 'resolvePath', 'useBeforeUnload', 'useHref', 'useInRouterContext',
  'useLinkClickHandler', 'useLocation', 'useMatch', 'useNavigate', 'useNavigationType', 'useOutlet',
  'useOutletContext', 'useParams', 'useResolvedPath', 'useRoutes', 'useSearchParams',
] as const;

/** The module a component of antd is shared as: its own entry file (antd has no exports map). */
export const antdEntry = (folder: string) => `antd/es/${folder}/index.js`;
const ANTD_ENTRY = /^antd\/es\/([a-z-]+)\/index\.js$/;
const ANTD_ENTRY_FILE = /^\/.*\/node_modules\/antd\/es\/([a-z-]+)\/index\.js$/;
const ANTD_FOLDERS = new Set<string>(Object.values(ANTD_COMPONENTS));

export interface SharedConfig {
  singleton: true;
  import?: false;
}

/**
 * The `shared` option for @module-federation/vite (the 'host' role is what the shell provides, built
 * since issue 13 item 5 by hostSharedModule instead of as a federation host). The shell provides every singleton; remotes use
 * `import: false` so they never bundle a fallback copy and can only run inside the shell. antd is shared
 * as one singleton per component (see ANTD_COMPONENTS), never as the whole library: the plugin would load
 * a whole 'antd' at start-up because the SDK depends on it. antdPlugins() must be in the plugins.
 */
export function sharedDependencies(role: 'host' | 'remote'): Record<string, SharedConfig> {
  if (role === 'remote') {
    // A prefix: the plugin then declares only the components this remote imports. Listing all of them
    // would make the remote fetch every component from the shell when it starts.
    return Object.fromEntries([...SHARED_SINGLETONS, 'antd/es/'].map((name) => [name, { singleton: true, import: false }]));
  }
  // The shell provides every component (each loads only when first asked for), for any plugin.
  const keys = [...SHARED_SINGLETONS, ...Object.values(ANTD_COMPONENTS).map(antdEntry)];
  return Object.fromEntries(keys.map((name) => [name, { singleton: true }]));
}

/** The parts of a Vite plugin antdPlugins() uses (this package does not depend on Vite). */
interface ResolveContext {
  resolve(source: string, importer?: string, options?: { skipSelf?: boolean }): Promise<{ id: string } | null>;
}
export interface AntdPlugin {
  name: string;
  enforce?: 'pre';
  apply?: 'build';
  resolveId?(this: ResolveContext, source: string, importer: string | undefined): Promise<string | null> | string | null;
  transform?(this: { warn(message: string): void }, code: string, id: string): { code: string; map: null } | null;
}

/** What a remote may not import from antd: the library whole, or its files other than component entries. */
const ANTD_SOURCE = /(?:\bfrom|\bimport)\s*\(?\s*['"](antd|antd\/(?:es|lib)\/[^'"]*)['"]/g;
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])(antd|@ant-design\/icons)\2\s*;?/g;
const ICON = /^[A-Z]\w*(Outlined|Filled|TwoTone)$/;
const ROUTER_SOURCE = /(?:\bfrom|\bimport)\s*\(?\s*['"](react-router(?:-dom)?(?:\/[^'"]*)?)['"]/g;
const ROUTER_NAMED = /import\s*\{([^}]*)\}\s*from\s*['"]react-router-dom['"]/g;
const ROUTER_NAMES = new Set<string>(ROUTER_EXPORTS);

/**
 * A remote may import from 'react-router-dom' only the names the shell offers (ROUTER_EXPORTS), by name:
 * anything else would be undefined at run time, and 'react-router' itself would bundle a second router
 * that does not see the shell's <BrowserRouter>.
 */
function checkRouterImports(code: string, id: string) {
  const sources = [...code.matchAll(ROUTER_SOURCE)].map(([, source]) => source);
  const other = sources.find((source) => source !== 'react-router-dom');
  if (other) throw new Error(`${id}: '${other}' would bundle a second router in this remote; import from 'react-router-dom'`);
  const named = [...code.matchAll(ROUTER_NAMED)];
  // Every mention must be a named import: a namespace, default, dynamic import or re-export cannot be checked.
  if (named.length !== sources.length) throw new Error(`${id}: import names from 'react-router-dom' (ROUTER_EXPORTS), not the module whole`);
  for (const [, list] of named) {
    for (const spec of list.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').split(',')) {
      const name = spec.trim().split(/\s+as\s+/)[0];
      if (name && !name.startsWith('type ') && !ROUTER_NAMES.has(name)) throw new Error(`${id}: '${name}' is not among the router names the shell shares (ROUTER_EXPORTS)`);
    }
  }
}

/** The module holding one named export of antd or @ant-design/icons, if it has its own. */
function ownModule(pkg: string, name: string): string | undefined {
  if (pkg === '@ant-design/icons') return ICON.test(name) ? `@ant-design/icons/${name}` : undefined;
  return Object.hasOwn(ANTD_COMPONENTS, name) ? antdEntry(ANTD_COMPONENTS[name as keyof typeof ANTD_COMPONENTS]) : undefined;
}

/**
 * `import { Button, Form as F } from 'antd'` → one default import per component entry, and
 * `import { UserOutlined } from '@ant-design/icons'` → the icon's own module. Names without a module of
 * their own stay on the package.
 */
function splitImports(this: { warn(message: string): void }, code: string, id: string) {
  if (/\/node_modules\/(antd|@ant-design\/icons)\//.test(id)) return null;
  let changed = false;
  const out = code.replace(NAMED_IMPORT, (statement, list: string, _quote: string, pkg: string) => {
    const direct: string[] = [];
    const rest: string[] = [];
    for (const spec of list.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').split(',')) {
      const trimmed = spec.trim();
      if (!trimmed || trimmed.startsWith('type ')) continue;
      const [imported, local = imported] = trimmed.split(/\s+as\s+/);
      const own = ownModule(pkg, imported);
      if (own) direct.push(`import ${local} from '${own}';`);
      else rest.push(trimmed);
    }
    if (rest.length && pkg === 'antd') this.warn(`${id}: ${rest.join(', ')} not in ANTD_COMPONENTS, imported from the whole of antd`);
    changed = true;
    // Keep the line breaks, so positions in the rest of the file do not move.
    const lines = '\n'.repeat(statement.split('\n').length - 1);
    return [...direct, ...(rest.length ? [`import { ${rest.join(', ')} } from '${pkg}';`] : [])].join(' ') + lines;
  });
  return changed ? { code: out, map: null } : null;
}

/**
 * Vite plugins for antd in the shell and in plugin remotes (list them before federation()).
 * Both roles rewrite named imports of antd and @ant-design/icons to each component's and icon's own
 * module (after TypeScript is stripped): a component then resolves to its own shared module rather than
 * the whole library, and a bundle holds only the icons it names.
 * - host (the shell): resolves the component entries to antd's files itself, before the federation
 *   plugin sees them. The shell is the only provider (remotes have `import: false`), so going through
 *   the share scope would only make the federation runtime load every component the shell uses at
 *   start-up, defeating lazy routes; the shared keys still hand remotes these same modules, on demand.
 * - remote: a build error for anything that would bundle a second antd (the whole library, a deep
 *   import), which would not see the shell's ConfigProvider (theme, dark mode, locale), and for router
 *   imports the shell's 'react-router-dom' does not offer (ROUTER_EXPORTS).
 */
export function antdPlugins(role: 'host' | 'remote'): AntdPlugin[] {
  let antdDir: Promise<string> | undefined;
  const resolve: AntdPlugin = {
    name: 'atende:antd-entries',
    enforce: 'pre',
    // The dev server goes through the share scope instead: files named by path skip its pre-bundling,
    // which turns antd's CommonJS dependencies (react-is) into modules.
    apply: 'build',
    async resolveId(source, importer) {
      const file = ANTD_ENTRY_FILE.exec(source)?.[1];
      // The resolved file is asked for again during the build: answer it too, or the federation plugin
      // takes it for the shared module and loads that component at start-up.
      if (file && ANTD_FOLDERS.has(file)) return source;
      const folder = ANTD_ENTRY.exec(source)?.[1];
      if (!folder || !ANTD_FOLDERS.has(folder)) return null;
      antdDir ??= this.resolve('antd/package.json', importer, { skipSelf: true }).then((r) => {
        if (!r) throw new Error('antd is not installed');
        return r.id.slice(0, -'/package.json'.length);
      });
      return `${await antdDir}/es/${folder}/index.js`;
    },
  };
  const split: AntdPlugin = {
    name: 'atende:antd-imports',
    transform(code, id) {
      if (role === 'remote' && code.includes('react-router') && !id.includes('/node_modules/')) checkRouterImports(code, id);
      if (!code.includes('antd') && !code.includes('@ant-design/icons')) return null;
      const result = splitImports.call(this, code, id);
      if (role === 'remote') {
        for (const [, source] of (result?.code ?? code).matchAll(ANTD_SOURCE)) {
          const folder = ANTD_ENTRY.exec(source)?.[1];
          if (!folder || !ANTD_FOLDERS.has(folder)) throw new Error(`${id}: '${source}' would bundle a copy of antd in this remote; import components by name from 'antd' (ANTD_COMPONENTS)`);
        }
      }
      return result;
    },
  };
  return role === 'host' ? [resolve, split] : [split];
}

/** The federation name of a plugin's remote: `atende_<id with underscores>`. */
export function remoteName(pluginId: string): string {
  return `atende_${pluginId.replace(/-/g, '_')}`;
}

/** The only key a plugin remote exposes. */
export const REMOTE_EXPOSE = './plugin';

/** The package a shared key belongs to: 'react/jsx-runtime' → 'react', 'antd/es/button/index.js' → 'antd'. */
export function packageOf(key: string): string {
  const parts = key.split('/');
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every key the shell provides to remotes: the singletons and each antd component entry. */
export const HOST_SHARED_KEYS: readonly string[] = [...SHARED_SINGLETONS, ...Object.values(ANTD_COMPONENTS).map(antdEntry)];

/**
 * The source of the shell's share scope, for a Vite virtual module: `export const shared`, in the shape
 * of @module-federation/runtime's `init({ shared })`. The shell is not built as a federation host: it
 * imports React, antd and the rest like any app, and starts the federation runtime with this module
 * only when the first plugin remote loads (the sign-in page loads none). Each provider is a dynamic
 * import of the very module the shell itself uses, so a remote gets the shell's instance (one React,
 * one antd component each, one router); no key is ever bundled twice.
 * `versions` gives each package's installed version (by packageOf); `imports` replaces the module a key
 * is loaded from (the shell's 'react-router-dom' facade).
 */
export function hostSharedModule(versions: Record<string, string>, imports: Record<string, string> = {}): string {
  const entries = HOST_SHARED_KEYS.map((key) => {
    const version = versions[packageOf(key)];
    if (!version) throw new Error(`hostSharedModule: no version for '${packageOf(key)}' (shared key '${key}')`);
    return `  ${JSON.stringify(key)}: provide(${JSON.stringify(version)}, () => import(${JSON.stringify(imports[key] ?? key)})),`;
  });
  return [
    '// The module object a remote receives: plain (as @module-federation/vite hosts hand it), CommonJS default unwrapped.',
    'function materialize(m) {',
    '  let t = m;',
    '  for (let i = 0; i < 5; i++) {',
    '    const d = t && t.default;',
    "    if (!d || typeof d !== 'object' || Object.keys(d).length === 0) break;",
    "    if (Object.keys(t).some((k) => k !== 'default' && t[k] !== undefined)) break;",
    '    t = d;',
    '  }',
    '  const out = { ...t };',
    "  if (out.__esModule !== true) Object.defineProperty(out, '__esModule', { value: true, enumerable: false });",
    '  return () => out;',
    '}',
    'function provide(version, load) {',
    '  return { version, get: () => load().then(materialize), shareConfig: { singleton: true, requiredVersion: false } };',
    '}',
    'export const shared = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}
