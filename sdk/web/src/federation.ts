/**
 * Module federation between the shell (host) and plugin remotes (issue 30): the shared singletons, the
 * names a remote is known by, and the version check the shell makes before it loads one.
 * Imported by the Vite preset (vite.ts, Node) and by the shell (browser), so this file must not import
 * browser code nor Node modules.
 */

/**
 * The modules the shell hands every remote, one instance per page (React, antd with the shell's theme,
 * the router the shell renders, effector, i18next and the SDK). Remotes declare them with
 * `import: false`: they never bundle a fallback copy, and run only inside a shell whose versions satisfy
 * theirs. Subpaths a bundle imports on their own (the JSX runtime, react-dom/client) are shared too.
 * @ant-design/icons is deliberately not shared: a shared module is not tree-shaken, and the package whole
 * is ~220 kB gzip for the few stateless icons each bundle uses (STACK.md). Nor are the contracts
 * (@atende/core-contract) since SDK 1.1: see HOST_ONLY_SHARED.
 */
export const SHARED_MODULES = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'antd',
  'react-router-dom',
  'effector',
  'effector-react',
  'i18next',
  'react-i18next',
  '@atende/sdk-web',
] as const;

/**
 * Modules the shell still provides, for remotes built before SDK 1.1 (which declare them shared), and
 * loads only for such a remote. @atende/core-contract is stateless (constants, zod schemas, types): a
 * remote now bundles the little it uses (tree-shaken; the endpoints a page calls are a few hundred
 * bytes), where the shared module was the whole package, every schema built at load, on every plugin
 * page's first view (issue 32: ~60 ms of a ~1.1 s dashboard here).
 */
export const HOST_ONLY_SHARED = ['@atende/core-contract'] as const;

/** Every module the shell provides: what remotes share, and the host-only ones for older remotes. */
export const HOST_SHARED = [...SHARED_MODULES, ...HOST_ONLY_SHARED] as const;

/** The package a shared module belongs to: 'react/jsx-runtime' → 'react', '@atende/sdk-web' → itself. */
export function packageOf(key: string): string {
  const parts = key.split('/');
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The federation name of a plugin's remote: `atende_<id with underscores>`. */
export function remoteName(pluginId: string): string {
  return `atende_${pluginId.replace(/-/g, '_')}`;
}

/** The only module a plugin remote exposes (its default export is the plugin's definition). */
export const REMOTE_EXPOSE = './plugin';

/**
 * The file beside remoteEntry.js that says what a remote needs from the shell (written by atendeRemote):
 * the shell reads it before it runs any of the remote's code, so an unmet need is refused cleanly.
 */
export const REQUIREMENTS_FILE = 'atende-remote.json';

/** The content of a remote's `atende-remote.json`: what it needs from the shell. */
export interface RemoteRequirements {
  /** The plugin id the remote was built for. */
  id: string;
  /** Each shared package and the version range the remote was built against. */
  shared: Record<string, string>;
  /** The @atende/sdk-web version it was built with: the kernel answers it in `GET /api/plugins` (sdkWeb). */
  sdkWeb?: string;
  /**
   * The files loading the remote's exposed module takes (its entry, the exposed chunk and what they import
   * statically), relative to the entry: the shell preloads them (fetched and parsed, not run) while it
   * readies the shared modules, instead of one import after another once it has. Absent from remotes built
   * before SDK 1.1: those load as before.
   */
  preload?: string[];
}

/** One shared package a remote needs that the shell cannot give it. */
export interface UnmetRequirement {
  package: string;
  /** The range the remote needs. */
  needs: string;
  /** The version the shell runs, or null when it does not share the package. */
  has: string | null;
}

/**
 * What a remote needs that the shell cannot give: each shared package whose range the shell's version
 * does not satisfy, or that the shell does not share. `satisfies` is the federation runtime's semver
 * check (the shell passes it, so this file stays free of dependencies).
 */
export function unmetRequirements(
  requirements: RemoteRequirements,
  provided: Record<string, string>,
  satisfies: (version: string, range: string) => boolean,
): UnmetRequirement[] {
  return Object.entries(requirements.shared)
    .filter(([pkg, range]) => !provided[pkg] || !satisfies(provided[pkg], range))
    .map(([pkg, range]) => ({ package: pkg, needs: range, has: provided[pkg] ?? null }));
}

/**
 * The source of the shell's share scope, for a Vite virtual module: `export const shared` in the shape of
 * @module-federation/runtime's `init({ shared })` and `export const versions` (package → version). Each
 * provider is a dynamic import of the very module the shell itself runs, so a remote gets the shell's
 * instance, and nothing of it loads before the first remote (the sign-in page loads none).
 * `versions` gives each package's installed version; `imports` replaces the module a key is loaded from.
 */
export function hostSharedModule(versions: Record<string, string>, imports: Record<string, string> = {}): string {
  const entries = HOST_SHARED.map((key) => {
    const version = versions[packageOf(key)];
    if (!version) throw new Error(`hostSharedModule: no version for '${packageOf(key)}' (shared module '${key}')`);
    return `  ${JSON.stringify(key)}: provide(${JSON.stringify(version)}, () => import(${JSON.stringify(imports[key] ?? key)})),`;
  });
  const packages = Object.fromEntries([...new Set(HOST_SHARED.map(packageOf))].map((pkg) => [pkg, versions[pkg]]));
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
    `export const versions = ${JSON.stringify(packages)};`,
    'export const shared = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}
