/**
 * The shared singletons, defined once and used by the shell and every plugin remote, so the page holds
 * exactly one React, one antd, one router, one i18next and one SDK (antd as one singleton per
 * component: ANTD_COMPONENTS). The shell hands them out through its share scope (hostSharedModule,
 * SHARE_SCOPE_GLOBAL); remotes are built by remote-build.ts to read them from it.
 * Imported by vite.config files (Node) and by the shell, so this file must not import browser code nor
 * Node modules.
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
const ANTD_FOLDERS = new Set<string>(Object.values(ANTD_COMPONENTS));

/** The parts of a Vite plugin antdPlugins() uses (this package does not depend on Vite). */
export interface AntdPlugin {
  name: string;
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
 * Vite plugins for antd in the shell and in plugin remotes (remote-build.ts lists them for remotes).
 * Both roles rewrite named imports of antd and @ant-design/icons to each component's and icon's own
 * module (after TypeScript is stripped): a component then is its own module, shared with remotes under
 * its entry's key, rather than the whole library, and a bundle holds only the icons it names.
 * A remote also gets a build error for anything that would bundle a second antd (the whole library, a
 * deep import), which would not see the shell's ConfigProvider (theme, dark mode, locale), and for
 * router imports the shell's 'react-router-dom' does not offer (ROUTER_EXPORTS).
 */
export function antdPlugins(role: 'host' | 'remote'): AntdPlugin[] {
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
  return [split];
}

/**
 * The global function through which a remote's chunks ask the shell for a shared module:
 * `globalThis.__atendeShared('react')` resolves to the module the shell runs (remote-build.ts writes the
 * calls, shell/src/plugins/share-scope.ts defines the function before the first remote loads).
 */
export const SHARE_SCOPE_GLOBAL = '__atendeShared';

/** Every key the shell provides to remotes: the singletons and each antd component entry. */
export const HOST_SHARED_KEYS: readonly string[] = [...SHARED_SINGLETONS, ...Object.values(ANTD_COMPONENTS).map(antdEntry)];

/**
 * The source of the shell's share scope, for a Vite virtual module: `export const shared`, each key a
 * dynamic import of the very module the shell itself uses, so a remote gets the shell's instance (one
 * React, one antd component each, one router) and no key is ever bundled twice. Nothing of it loads on
 * a page without plugins (/login): the shell imports it with the first remote. `imports` replaces the
 * module a key is loaded from (the shell's 'react-router-dom' facade).
 */
export function hostSharedModule(imports: Record<string, string> = {}): string {
  const entries = HOST_SHARED_KEYS.map((key) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(imports[key] ?? key)}),`);
  return ['export const shared = {', ...entries, '};', ''].join('\n');
}


