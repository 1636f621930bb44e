/// <reference types="node" />
/**
 * The Vite preset of module federation (issue 30), `@atende/sdk-web/vite`, used only by vite.config
 * files (Node): a plugin's remote is one line,
 *
 *   export default defineConfig(atendeRemote('helps', [react()]));
 *
 * and the shell adds `atendeHost()` to its plugins. Remotes are @module-federation/vite remotes whose
 * shared singletons (SHARED_MODULES) are `import: false` with `requiredVersion` taken from this SDK's own
 * package.json (peer ranges, else its dependencies), read when the config is made: a remote states the
 * versions of the SDK it was built against, and the shell refuses one it cannot satisfy.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { federation } from '@module-federation/vite';
import type { Plugin, UserConfig } from 'vite';
import { HOST_SHARED, REMOTE_EXPOSE, REQUIREMENTS_FILE, SHARED_MODULES, hostSharedModule, packageOf, remoteName, type RemoteRequirements } from './federation.js';

interface SdkPackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** This SDK's package.json (dist/vite.js and src/vite.ts both sit one folder under it). */
function sdkPackage(): SdkPackageJson {
  return JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as SdkPackageJson;
}

/**
 * The range of each shared package a remote built against this SDK needs: the SDK's peer range (its
 * dependency pin until it has one), and the SDK itself from its own version up to the next breaking one.
 */
export function sharedRanges(pkg: SdkPackageJson = sdkPackage()): Record<string, string> {
  const ranges: Record<string, string> = {};
  for (const name of new Set(SHARED_MODULES.map(packageOf))) {
    const range = name === pkg.name ? `^${pkg.version}` : (pkg.peerDependencies?.[name] ?? pkg.dependencies?.[name]);
    if (!range) throw new Error(`${pkg.name}'s package.json names no version of the shared package '${name}'`);
    ranges[name] = range;
  }
  return ranges;
}

/** Emits REQUIREMENTS_FILE beside remoteEntry.js: what the remote needs, read by the shell before loading it. */
function requirementsFile(id: string, shared: Record<string, string>): Plugin {
  const requirements: RemoteRequirements = { id, shared, sdkWeb: sdkPackage().version };
  const source = `${JSON.stringify(requirements, null, 2)}\n`;
  return {
    name: 'atende:remote-requirements',
    // The dev server answers it too, for a shell in dev mode (another origin: CORS).
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== `${server.config.base}${REQUIREMENTS_FILE}`) return next();
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.end(source);
      });
    },
    generateBundle(_, bundle) {
      const preload = exposeFiles(bundle as unknown as Record<string, BundleFile>);
      this.emitFile({ type: 'asset', fileName: REQUIREMENTS_FILE, source: `${JSON.stringify({ ...requirements, ...(preload.length ? { preload } : {}) }, null, 2)}\n` });
    },
  };
}

/** The remote's entry, beside REQUIREMENTS_FILE. */
const REMOTE_ENTRY_FILE = 'remoteEntry.js';

interface BundleFile {
  type: 'chunk' | 'asset';
  fileName: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The remote entry's files and those of what it imports dynamically (the exposed module), each with its static imports. */
export function exposeFiles(bundle: Record<string, BundleFile>, entry = REMOTE_ENTRY_FILE): string[] {
  const start = bundle[entry];
  if (!start || start.type !== 'chunk') return [];
  const files = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (files.has(file) || chunk?.type !== 'chunk') return;
    files.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entry);
  for (const exposed of start.dynamicImports ?? []) visit(exposed);
  return [...files];
}

/** What React Fast Refresh's runtime exports (@vitejs/plugin-react's refresh-runtime.js). */
const REFRESH_EXPORTS = ['injectIntoGlobalHook', 'register', 'createSignatureFunctionForTransform', 'registerExportsForReactRefresh', 'validateRefreshBoundaryAndEnqueueUpdate', '__hmr_import'];

/**
 * Dev mode: the remote's modules refresh through the shell's React Fast Refresh runtime (the one its page
 * wired to React DOM), not a second one on the remote's dev server that no renderer knows, which took
 * the update and re-rendered nothing. Answered before Vite's own middleware serves its runtime.
 */
function refreshThroughShell(): Plugin {
  const source = [
    "const rt = await import(/* @vite-ignore */ location.origin + '/@react-refresh');",
    ...REFRESH_EXPORTS.map((name) => `export const ${name} = rt.${name};`),
    'export default rt.default;',
    '',
  ].join('\n');
  return {
    name: 'atende:refresh-through-shell',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== `${server.config.base}@react-refresh`) return next();
        res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.end(source);
      });
    },
  };
}

/** Options of `atendeRemote()`. */
export interface AtendeRemoteOptions {
  /** Override the ranges read from this SDK's package.json (the version-skew test declares an impossible one). */
  shared?: Record<string, string>;
}

/**
 * The Vite config of a plugin's remote, served by the kernel under /plugins/<id>/ (`plugins`: the
 * framework's, e.g. React's). `vite` serves it with hot reload for a shell in dev mode (docs/plugins/dev-mode.md).
 */
export function atendeRemote<P = never>(id: string, plugins: P[] = [], options: AtendeRemoteOptions = {}): UserConfig {
  const ranges = { ...sharedRanges(), ...options.shared };
  return {
    base: `/plugins/${id}/`,
    plugins: [
      ...(plugins as Plugin[]),
      federation({
        name: remoteName(id),
        filename: REMOTE_ENTRY_FILE,
        exposes: { [REMOTE_EXPOSE]: './src/plugin.tsx' },
        shared: Object.fromEntries(SHARED_MODULES.map((key) => [key, { singleton: true, import: false, requiredVersion: ranges[packageOf(key)] }])),
        dts: false,
        manifest: false,
        // The runtime the shell publishes, not another copy per remote.
        experiments: { externalRuntime: true },
      }),
      requirementsFile(id, ranges),
      refreshThroughShell(),
    ],
    build: {
      target: 'esnext',
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // No HTML page: the remote entry is the only file anyone loads.
      rolldownOptions: {
        input: './src/plugin.tsx',
        // `endpoint()` only builds a { method, path } object: marked pure, the contracts' tables of
        // endpoints keep only those this remote calls.
        treeshake: { manualPureFunctions: ['endpoint'] },
      },
    },
    // Dev mode: the shell's page (another origin) imports this server's modules.
    server: { cors: true },
  };
}

/** The installed version of a package, as seen from `root` (the shell's folder). */
function installedVersion(pkg: string, root: string): string {
  for (const dir of createRequire(path.join(root, 'package.json')).resolve.paths(pkg) ?? []) {
    const file = path.join(dir, pkg, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  throw new Error(`${pkg} is not installed`);
}

/** Options of `atendeHost()`, the shell's side of module federation. */
export interface AtendeHostOptions {
  /** The module the shell's share scope is imported as (src/plugins/shared-modules.ts). */
  sharedModulesFile: string;
  /** A module to load a shared key from instead of the key itself. */
  imports?: Record<string, string>;
  /**
   * Stateless packages handed to remotes as a copy of their own rather than the shell's instance. A
   * shared module is kept whole, and a package the shell imports at start-up would then keep every
   * export in the start-up chunk (@atende/core-contract: its schemas, ~30 kB gzip); a copy is one
   * instance for every remote, loaded with the first remote that declares it (HOST_ONLY_SHARED: remotes
   * built before SDK 1.1), and the shell's start-up stays tree-shaken.
   */
  copies?: string[];
}

/** The query that makes a module, and the modules it imports by relative path, a second instance. */
export const SHARED_COPY_QUERY = '?atende-shared-copy';
const COPY = SHARED_COPY_QUERY;

/**
 * The shell's side: its share scope, written at build time (hostSharedModule with the installed versions)
 * into `sharedModulesFile`, which src/plugins/federation-host.ts hands @module-federation/runtime when
 * the first remote loads. The shell is not itself bundled through the federation plugin, so nothing of
 * federation runs on a page that loads no remote (/login: issue 13's first-load goal).
 */
export function atendeHost(options: AtendeHostOptions): Plugin[] {
  let root = process.cwd();
  const copies = new Set(options.copies ?? []);
  const imports = { ...options.imports, ...Object.fromEntries([...copies].map((pkg) => [pkg, `${pkg}${COPY}`])) };
  return [
    {
      name: 'atende:host-shared-copies',
      enforce: 'pre',
      async resolveId(source, importer) {
        const copied = source.endsWith(COPY) ? source.slice(0, -COPY.length) : importer?.endsWith(COPY) && source.startsWith('.') ? source : null;
        if (copied === null) return null;
        const resolved = await this.resolve(copied, importer?.endsWith(COPY) ? importer.slice(0, -COPY.length) : importer, { skipSelf: true });
        return resolved && !resolved.external ? `${resolved.id}${COPY}` : resolved;
      },
      load(id) {
        return id.endsWith(COPY) ? readFileSync(id.slice(0, -COPY.length), 'utf8') : null;
      },
    },
    {
      name: 'atende:host-shared-modules',
      configResolved(config) {
        root = config.root;
      },
      load(id) {
        if (id !== options.sharedModulesFile) return null;
        const versions = Object.fromEntries([...new Set(HOST_SHARED.map(packageOf))].map((pkg) => [pkg, installedVersion(pkg, root)]));
        return hostSharedModule(versions, imports);
      },
      config: () => ({
        // The federation runtime without its snapshot plugin (manifest remotes, preloading): remotes are
        // registered by their remoteEntry.js, and use this same runtime (externalRuntime).
        define: { FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true' },
      }),
    },
  ];
}
